import { type IncidentStatus, defaultAffectedRadiusKm } from '@meridian/contracts';
import type { incidents, organizations, shipments, users } from '../../db/schema.js';
import { type Lane, LANES, positionAlong, roundCoordinate } from './geography.js';
import { INCIDENT_TEMPLATES, type IncidentTemplate } from './incident-catalog.js';
import {
  DEMO_ORGANIZATIONS,
  DEMO_PLATFORM_PEOPLE,
  type DemoOrganization,
  type DemoPerson,
} from './organizations.js';
import { createRandom, type Random } from './random.js';
import { type DemoPartRow, type DemoProductRow, generateProducts } from './products.js';
import { type DemoSiteRow, generateSites } from './sites.js';

export type DemoOrganizationRow = typeof organizations.$inferInsert & { id: string };
/** Users without a password: the seeder adds one hash for all of them. */
export type DemoUserRow = Omit<typeof users.$inferInsert, 'passwordHash'> & { id: string };
export type DemoPlatformUserRow = Omit<DemoUserRow, 'organizationId'>;
export type DemoIncidentRow = typeof incidents.$inferInsert & {
  id: string;
  createdAt: Date;
  updatedAt: Date;
};
export type DemoShipmentRow = typeof shipments.$inferInsert;

export const DEMO_SEED = 20_240_611;
export const DEMO_SIZES = { shipments: 2_000, incidents: 200 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const INCIDENT_WINDOW_DAYS = 60;

export type DemoDataOptions = {
  seed?: number;
  shipments?: number;
  incidents?: number;
  /** Share of incidents with no organization (global), 0..1. */
  globalIncidentShare?: number;
  /** Reference time for lastLoginAt and incident times; fixed in tests for determinism. */
  now?: Date;
  internalDomain?: string;
};

export type DemoData = {
  organizations: DemoOrganizationRow[];
  users: DemoUserRow[];
  /** For the internal organization, whose id is known only at seeding time. */
  platformUsers: DemoPlatformUserRow[];
  incidents: DemoIncidentRow[];
  shipments: DemoShipmentRow[];
  sites: DemoSiteRow[];
  products: DemoProductRow[];
  productParts: DemoPartRow[];
};

const lanesById = new Map(LANES.map((lane) => [lane.id, lane]));

const toUser = (
  random: Random,
  person: DemoPerson,
  domain: string,
  now: Date,
): DemoPlatformUserRow => ({
  id: random.uuid(),
  email: `${person.handle}@${domain}`,
  firstName: person.firstName,
  lastName: person.lastName,
  adminRole: person.adminRole,
  role: 'MEMBER',
  accountStatus: person.accountStatus,
  lastLoginAt: person.lastLogin
    ? new Date(now.getTime() - person.lastLogin.minutesAgo * 60_000)
    : null,
  createdAt: new Date(now.getTime() - 90 * DAY_MS),
});

export type IncidentOwner = { organizationId: string | null; weight: number };

/** Incidents for the given owners (null = global), with times spread over the last 60 days. */
export function generateIncidents(options: {
  seed: number;
  count: number;
  owners: readonly IncidentOwner[];
  now: Date;
  /** Separates streams so that two organizations seeded with one seed get different data. */
  stream?: string;
}): DemoIncidentRow[] {
  const random = createRandom(options.seed, `incidents:${options.stream ?? ''}`);
  const owners = options.owners.map((owner) => [owner.organizationId, owner.weight] as const);
  const rows: DemoIncidentRow[] = [];
  for (let i = 0; i < options.count; i += 1) {
    const organizationId = random.weighted(owners);
    const template = pickTemplate(random, organizationId === null);
    const po = () => `PO-${random.int(10_000, 99_999)}`;
    const placed = template.places.length > 0 ? random.pick(template.places) : null;
    const { title, description } = template.write({
      place: placed ?? { name: '', lat: 0, lng: 0, countryCode: '' },
      random,
      po,
    });
    // Skewed towards recent days: a live feed has more fresh incidents than old ones.
    const ageMs = Math.floor(random.next() ** 1.6 * INCIDENT_WINDOW_DAYS * DAY_MS);
    const updatedAt = new Date(options.now.getTime() - ageMs);
    const createdAt = new Date(updatedAt.getTime() - random.int(0, 4 * DAY_MS));
    const severity = random.weighted(template.severities);
    const status = statusForAge(random, ageMs / DAY_MS);
    rows.push({
      id: random.uuid(),
      organizationId,
      title,
      description,
      severity,
      status,
      resolvedAt: status === 'RESOLVED' ? updatedAt : null,
      type: template.type,
      startsAt: createdAt,
      affectedRadiusKm: defaultAffectedRadiusKm(template.type, severity),
      lat: placed ? roundCoordinate(placed.lat + random.float(-0.08, 0.08)) : null,
      lng: placed ? roundCoordinate(placed.lng + random.float(-0.08, 0.08)) : null,
      countryCode: placed?.countryCode ?? null,
      createdAt,
      updatedAt,
    });
  }
  return rows;
}

function pickTemplate(random: Random, global: boolean): IncidentTemplate {
  const fits = INCIDENT_TEMPLATES.filter((template) =>
    global ? template.audience !== 'ORG' : template.audience !== 'GLOBAL',
  );
  return random.pick(fits);
}

/** Old incidents are mostly resolved; recent ones mostly still open. */
function statusForAge(random: Random, ageDays: number): IncidentStatus {
  if (ageDays > 21)
    return random.weighted([
      ['RESOLVED', 8],
      ['IN_PROGRESS', 1],
      ['OPEN', 1],
    ]);
  return random.weighted([
    ['OPEN', 5],
    ['IN_PROGRESS', 4],
    ['RESOLVED', 2],
  ]);
}

export type ShipmentOwner = {
  organizationId: string;
  weight: number;
  lanes: readonly (readonly [Lane, number])[];
};

/** A fixed reference time, so that a seed gives the same rows whenever it runs. */
const DEMO_EPOCH = new Date('2026-01-01T00:00:00Z');
const VOYAGE_DAYS: Record<Lane['mode'], number> = { SEA: 32, AIR: 2, ROAD: 4, RAIL: 14 };

const laneEnds = (lane: Lane) => ({
  originLocode: /^[A-Z]{5}$/.test(lane.origin.code) ? lane.origin.code : null,
  originLat: lane.origin.at[0],
  originLng: lane.origin.at[1],
  destinationLocode: /^[A-Z]{5}$/.test(lane.destination.code) ? lane.destination.code : null,
  destinationLat: lane.destination.at[0],
  destinationLng: lane.destination.at[1],
});

/** Departed `fraction` of a voyage ago, due after the rest of it. */
const schedule = (mode: Lane['mode'], fraction: number, now: Date) => {
  const voyageMs = VOYAGE_DAYS[mode] * DAY_MS;
  return {
    departureAt: new Date(now.getTime() - fraction * voyageMs),
    eta: new Date(now.getTime() + (1 - fraction) * voyageMs),
  };
};

/** What a shipment of this mode carries, in US dollars rounded to the thousand. */
const CARGO_USD: Record<DemoShipmentRow['mode'], readonly [number, number]> = {
  SEA: [80_000, 2_500_000],
  AIR: [20_000, 600_000],
  ROAD: [10_000, 180_000],
  RAIL: [40_000, 900_000],
};

function cargoOf(mode: DemoShipmentRow['mode'], random: Random) {
  const [low, high] = CARGO_USD[mode];
  return { cargoValue: Math.round(random.float(low, high) / 1000) * 1000, cargoCurrency: 'USD' };
}

/** Shipments placed at a random point along one of their owner's lanes, with a cargo value. */
export function generateShipments(options: {
  seed: number;
  count: number;
  owners: readonly ShipmentOwner[];
  stream?: string;
  /** When the shipments are seen, for their departure and ETA. */
  now?: Date;
}): DemoShipmentRow[] {
  const random = createRandom(options.seed, `shipments:${options.stream ?? ''}`);
  // A stream of its own, so the values leave every other draw as it was.
  const values = createRandom(options.seed, `cargo:${options.stream ?? ''}`);
  const owners = options.owners.map((owner) => [owner, owner.weight] as const);
  const ids = new Set<string>();
  const rows: DemoShipmentRow[] = [];
  for (let i = 0; i < options.count; i += 1) {
    const owner = random.weighted(owners);
    const lane = random.weighted(owner.lanes);
    let id = `SHP-${random.code(8)}`;
    while (ids.has(id)) id = `SHP-${random.code(8)}`;
    ids.add(id);
    const fraction = random.float(0.01, 0.99);
    const [lat, lng] = positionAlong(lane, fraction);
    rows.push({
      id,
      organizationId: owner.organizationId,
      // Unique in the organization, as the exposure engine and re-imports require.
      reference: `PO-${id.slice(4)}`,
      origin: lane.origin.name,
      destination: lane.destination.name,
      mode: lane.mode,
      lat: roundCoordinate(lat),
      lng: roundCoordinate(lng),
      ...laneEnds(lane),
      ...schedule(lane.mode, fraction, options.now ?? DEMO_EPOCH),
      // Where it is as of the schedule's moment; from then on it is estimated along the lane.
      positionAt: options.now ?? DEMO_EPOCH,
      ...cargoOf(lane.mode, values),
      status: 'IN_TRANSIT',
      waypoints: lane.mode === 'AIR' ? null : lane.via.map(([viaLat, viaLng]) => [viaLng, viaLat]),
    });
  }
  return rows;
}

/** Every lane, sea freight weighted up as it carries most of the world's volume. */
export const ALL_LANES: readonly (readonly [Lane, number])[] = LANES.map((lane) => [
  lane,
  lane.mode === 'SEA' ? 3 : 1,
]);

const lanesOf = (organization: DemoOrganization): (readonly [Lane, number])[] =>
  organization.lanes.map(([id, weight]) => {
    const lane = lanesById.get(id);
    if (!lane) throw new Error(`unknown demo lane ${id}`);
    return [lane, weight] as const;
  });

/** The whole demo data set. Pure: the same options always give the same rows, ids included. */
export function generateDemoData(options: DemoDataOptions = {}): DemoData {
  const seed = options.seed ?? DEMO_SEED;
  const now = options.now ?? new Date();
  const internalDomain = options.internalDomain ?? 'meridian.local';
  const random = createRandom(seed, 'organizations');

  const orgs = DEMO_ORGANIZATIONS.map((organization) => {
    const id = random.uuid();
    const row: DemoOrganizationRow = {
      id,
      name: organization.values.name,
      slug: organization.values.slug,
      domain: organization.values.domain,
      status: organization.values.status,
      addressLine1: organization.values.address_line1,
      city: organization.values.city,
      state: organization.values.state,
      zipCode: organization.values.zip_code,
      country: organization.values.country,
      phoneNumber: organization.values.phone_number,
      website: organization.values.website,
      createdAt: new Date(now.getTime() - 120 * DAY_MS),
    };
    return { organization, row };
  });

  const userRandom = createRandom(seed, 'users');
  const demoUsers = orgs.flatMap(({ organization, row }) =>
    organization.people.map((person) => ({
      ...toUser(userRandom, person, organization.values.domain ?? 'example.com', now),
      organizationId: row.id,
    })),
  );
  const platformUsers = DEMO_PLATFORM_PEOPLE.map((person) => ({
    ...toUser(userRandom, person, internalDomain, now),
    role: 'MEMBER' as const,
  }));

  const incidents = generateIncidents({
    seed,
    count: options.incidents ?? DEMO_SIZES.incidents,
    now,
    owners: [
      { organizationId: null, weight: options.globalIncidentShare ?? 0.3 },
      ...orgs.map(({ row }) => ({
        organizationId: row.id,
        weight: (1 - (options.globalIncidentShare ?? 0.3)) / orgs.length,
      })),
    ],
  });
  const sites = generateSites({
    seed,
    organizations: orgs.map(({ organization, row }) => ({
      organizationId: row.id,
      lanes: lanesOf(organization),
    })),
    incidents,
  });
  const catalog = generateProducts({ seed, sites });
  return {
    organizations: orgs.map(({ row }) => row),
    users: demoUsers,
    platformUsers,
    incidents,
    shipments: generateShipments({
      seed,
      count: options.shipments ?? DEMO_SIZES.shipments,
      owners: orgs.map(({ organization, row }) => ({
        organizationId: row.id,
        weight: 1,
        lanes: lanesOf(organization),
      })),
      now,
    }),
    sites,
    products: catalog.products,
    productParts: catalog.parts,
  };
}
