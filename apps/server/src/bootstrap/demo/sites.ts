import type { Criticality, SiteKind } from '@meridian/contracts';
import type { incidents, sites } from '../../db/schema.js';
import { type Lane, LANES, type Place, distanceKm, roundCoordinate } from './geography.js';
import { createRandom, type Random } from './random.js';

export type DemoSiteRow = typeof sites.$inferInsert & { id: string };
type IncidentRow = typeof incidents.$inferInsert;

/** What a demo organization makes and buys, for its suppliers' names and products. */
const SUPPLIES = [
  ['Precision Castings', 'castings'],
  ['Circuit Assemblies', 'circuit boards'],
  ['Polymer Works', 'resins'],
  ['Bearing Company', 'bearings'],
  ['Packaging Solutions', 'packaging'],
  ['Battery Cells', 'battery cells'],
  ['Textile Mills', 'fabrics'],
  ['Steel Components', 'steel parts'],
] as const;

/** Up to this many lane ends per organization get a site. */
const SITES_PER_ORGANIZATION = 8;
/** Open incidents of each organization that get a supplier inside their area. */
const EXPOSED_PER_ORGANIZATION = 2;

const cityOf = (place: Place) => place.name.replace(/\s*\(.*\)$/, '');

const COUNTRY_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string | null | undefined) =>
  code ? (COUNTRY_NAMES.of(code) ?? null) : null;

const PLACES = LANES.flatMap((lane) => [lane.origin, lane.destination]);

/** The nearest lane end's city within 300 km, for naming a site near an incident. */
function nearestCity(lat: number, lng: number): string | null {
  let best: { place: Place; km: number } | null = null;
  for (const place of PLACES) {
    const km = distanceKm([lat, lng], place.at);
    if (!best || km < best.km) best = { place, km };
  }
  return best && best.km <= 300 ? cityOf(best.place) : null;
}

/** Revenue per day and recovery days in the ranges a mid-size manufacturer reports. */
function valuesOf(random: Random, criticality: Criticality) {
  const scale = { LOW: 0.2, MEDIUM: 0.5, HIGH: 1, CRITICAL: 2 }[criticality];
  return {
    revenuePerDay: Math.round((random.float(20_000, 80_000) * scale) / 1000) * 1000,
    recoveryDays: random.chance(0.75) ? random.int(10, 60) : null,
    annualSpend: Math.round(random.float(200_000, 5_000_000) / 10_000) * 10_000,
    currency: 'USD',
  };
}

function site(
  random: Random,
  organizationId: string,
  where: { city: string; lat: number; lng: number; countryCode: string | null },
  kind: SiteKind,
  criticality: Criticality,
): DemoSiteRow {
  const [name, product] = random.pick(SUPPLIES);
  const ref = `V-${random.int(1000, 9999)}`;
  return {
    id: random.uuid(),
    organizationId,
    externalRef: ref,
    name: kind === 'SUPPLIER' ? `${where.city} ${name}` : `${where.city} Distribution Center`,
    kind,
    tier: kind === 'SUPPLIER' ? random.int(1, 2) : null,
    criticality,
    city: where.city,
    countryCode: where.countryCode,
    lat: roundCoordinate(where.lat),
    lng: roundCoordinate(where.lng),
    products: kind === 'SUPPLIER' ? [product] : [],
    contactName: 'Supply desk',
    contactEmail: `supply.${ref.toLowerCase()}@example.com`,
    ...valuesOf(random, criticality),
  };
}

/**
 * Each demo organization's suppliers and warehouses: one at each end of its lanes (suppliers
 * where goods leave, warehouses where they arrive), and a critical supplier a few kilometres
 * from each of its first open incidents, so the first screens show something in reach, with a
 * value at risk. Pure, like the rest of the demo.
 */
export function generateSites(options: {
  seed: number;
  organizations: readonly { organizationId: string; lanes: readonly (readonly [Lane, number])[] }[];
  incidents: readonly Pick<
    IncidentRow,
    'organizationId' | 'status' | 'lat' | 'lng' | 'affectedRadiusKm' | 'countryCode'
  >[];
}): DemoSiteRow[] {
  const rows: DemoSiteRow[] = [];
  for (const { organizationId, lanes } of options.organizations) {
    const random = createRandom(options.seed, `sites:${organizationId}`);
    const ends = new Map<string, [Place, SiteKind]>();
    for (const [lane] of lanes) {
      ends.set(lane.origin.code, ends.get(lane.origin.code) ?? [lane.origin, 'SUPPLIER']);
      ends.set(lane.destination.code, [lane.destination, 'WAREHOUSE']);
    }
    for (const [place, kind] of [...ends.values()].slice(0, SITES_PER_ORGANIZATION)) {
      const where = {
        city: cityOf(place),
        // A few kilometres inland of the port or terminal.
        lat: place.at[0] + random.float(-0.05, 0.05),
        lng: place.at[1] + random.float(-0.05, 0.05),
        // A UN/LOCODE starts with the country's ISO code.
        countryCode: /^[A-Z]{5}$/.test(place.code) ? place.code.slice(0, 2) : null,
      };
      const criticality = random.weighted<Criticality>([
        ['LOW', 1],
        ['MEDIUM', 3],
        ['HIGH', 2],
        ['CRITICAL', 1],
      ]);
      rows.push(site(random, organizationId, where, kind, criticality));
    }
    const open = options.incidents.filter(
      (incident) =>
        incident.organizationId === organizationId &&
        incident.status !== 'RESOLVED' &&
        typeof incident.lat === 'number' &&
        typeof incident.lng === 'number',
    );
    for (const incident of open.slice(0, EXPOSED_PER_ORGANIZATION)) {
      // Inside the area: a third of its radius away at most (0.009° of latitude is 1 km).
      const km = Math.min(5, (incident.affectedRadiusKm ?? 10) / 3);
      const lat = (incident.lat ?? 0) + km * 0.009;
      const lng = incident.lng ?? 0;
      const where = {
        city: nearestCity(lat, lng) ?? countryName(incident.countryCode) ?? 'Regional',
        lat,
        lng,
        countryCode: incident.countryCode ?? null,
      };
      rows.push(site(random, organizationId, where, 'SUPPLIER', 'CRITICAL'));
    }
  }
  return rows;
}

/**
 * Many sites of one organization for benchmarks: suppliers (four in five) and warehouses
 * within about 150 km of the lanes' ports, criticality and values as in the demo. Pure.
 */
export function generateScaleSites(options: {
  seed: number;
  organizationId: string;
  /** The random stream (the organization's id when not given). */
  stream?: string;
  count: number;
}): DemoSiteRow[] {
  const random = createRandom(
    options.seed,
    `scale-sites:${options.stream ?? options.organizationId}`,
  );
  return Array.from({ length: options.count }, (_, index) => {
    const place = random.pick(PLACES);
    const where = {
      city: cityOf(place),
      lat: place.at[0] + random.float(-1.5, 1.5),
      lng: place.at[1] + random.float(-1.5, 1.5),
      countryCode: /^[A-Z]{5}$/.test(place.code) ? place.code.slice(0, 2) : null,
    };
    const criticality = random.weighted<Criticality>([
      ['LOW', 3],
      ['MEDIUM', 4],
      ['HIGH', 2],
      ['CRITICAL', 1],
    ]);
    const row = site(
      random,
      options.organizationId,
      where,
      random.chance(0.8) ? 'SUPPLIER' : 'WAREHOUSE',
      criticality,
    );
    // Unique references, as an import would need them.
    return { ...row, externalRef: `S-${String(index + 1).padStart(6, '0')}` };
  });
}
