import type { incidents } from '../db/schema.js';
import { ALL_LANES, generateIncidents, generateShipments } from '../bootstrap/demo/generate.js';
import { createRandom } from '../bootstrap/demo/random.js';
import { type Area, pathTouchesArea, pointInArea } from '../lib/geo/area.js';
import type { LngLat } from '../lib/geo/sphere.js';
import { ExposureEngine, incidentArea, isActive } from '../modules/exposure/exposure.engine.js';
import { OrganizationIndex } from '../modules/exposure/exposure.index.js';

type IncidentRow = typeof incidents.$inferSelect;

export type ExposureBenchSize = {
  shipments: number;
  sites: number;
  incidents: number;
  naiveSample: number;
};
export type ExposureBenchResult = {
  size: ExposureBenchSize;
  indexBuildMs: number;
  /** The same index with every shipment estimated along its route since its departure. */
  indexBuildMovingMs: number;
  /** One incident matched through the index: median and 95th percentile over every incident. */
  perIncident: { p50: number; p95: number };
  /** Every incident once, through the index. */
  fullIndexedMs: number;
  /** Every incident once by testing every site and shipment, estimated from `naiveSample` incidents. */
  fullNaiveMs: number;
  exposures: number;
};

const percentile = (sorted: readonly number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;

/**
 * The exposure engine's matching in memory, as `npm run bench` reports it: the demo generator's
 * shipments on their trade lanes, sites scattered near the lanes' ports, and incidents around
 * the world, matched through the spatial index and, as the baseline, by a naive scan.
 */
export function benchExposureMatching(size: ExposureBenchSize): ExposureBenchResult {
  const now = new Date('2026-01-05T00:00:00Z');
  const organizationId = 'bench';
  const shipmentRows = generateShipments({
    seed: 7,
    count: size.shipments,
    owners: [{ organizationId, weight: 1, lanes: ALL_LANES }],
    now,
  });
  const random = createRandom(7, 'sites');
  const ports = ALL_LANES.flatMap(([lane]) => [lane.origin.at, lane.destination.at]);
  const sites = Array.from({ length: size.sites }, (_, i) => {
    const [lat, lng] = random.pick(ports);
    return {
      id: `site-${i}`,
      lat: lat + random.float(-1.5, 1.5),
      lng: lng + random.float(-1.5, 1.5),
    };
  });
  const shipments = shipmentRows.map((row) => ({
    id: row.id,
    mode: row.mode,
    status: row.status ?? 'IN_TRANSIT',
    lat: row.lat,
    lng: row.lng,
    originLat: row.originLat ?? null,
    originLng: row.originLng ?? null,
    destinationLat: row.destinationLat ?? null,
    destinationLng: row.destinationLng ?? null,
    waypoints: row.waypoints ?? null,
    // Positions as of the bench's moment: where it places them.
    positionAt: now,
    departureAt: row.departureAt ?? null,
    eta: row.eta ?? null,
  }));
  const incidentRows = generateIncidents({
    seed: 7,
    count: size.incidents,
    owners: [{ organizationId, weight: 1 }],
    now,
  })
    .map((row): IncidentRow => ({
      ...row,
      organizationId,
      description: row.description ?? null,
      status: 'OPEN' as const,
      type: row.type ?? 'OTHER',
      source: 'MANUAL',
      sourceId: null,
      sourceUrl: null,
      unverified: false,
      lat: row.lat ?? null,
      lng: row.lng ?? null,
      countryCode: row.countryCode ?? null,
      startsAt: row.createdAt,
      endsAt: null,
      affectedRadiusKm: row.affectedRadiusKm ?? 100,
      area: null,
      assigneeId: null,
      createdBy: null,
      resolvedAt: null,
    }))
    .filter((incident) => incidentArea(incident) !== null);

  // The same shipments, each given at its origin as of its departure: placed by estimate.
  const departed = shipments.map((shipment) => ({
    ...shipment,
    lat: shipment.originLat ?? shipment.lat,
    lng: shipment.originLng ?? shipment.lng,
    positionAt: shipment.departureAt ?? now,
  }));
  // Given and estimated positions built in turn, twice; the second round's times count (the
  // first also warms the code up).
  let index!: OrganizationIndex;
  let indexBuildMs = 0;
  let indexBuildMovingMs = 0;
  let started: number;
  for (let round = 0; round < 2; round += 1) {
    started = performance.now();
    index = new OrganizationIndex('bench', sites, shipments, now);
    indexBuildMs = performance.now() - started;
    started = performance.now();
    new OrganizationIndex('bench-moving', sites, departed, now);
    indexBuildMovingMs = performance.now() - started;
  }

  const times: number[] = [];
  let exposures = 0;
  started = performance.now();
  for (const incident of incidentRows) {
    const one = performance.now();
    exposures += ExposureEngine.match(index, incident, now).length;
    times.push(performance.now() - one);
  }
  const fullIndexedMs = performance.now() - started;
  times.sort((a, b) => a - b);

  // The baseline: every site and every shipment tested against each incident.
  const sample = incidentRows.slice(0, size.naiveSample);
  started = performance.now();
  let naiveHits = 0;
  for (const incident of sample) {
    const area = incidentArea(incident) as Area;
    if (!isActive(incident, now)) continue;
    for (const site of sites) if (pointInArea([site.lng, site.lat], area)) naiveHits += 1;
    for (const shipment of index.shipments.items) {
      const at: LngLat = shipment.position;
      const ahead = [shipment.position, ...shipment.pieces.map(([, to]) => to)];
      if (pointInArea(at, area) || pathTouchesArea(ahead, area)) naiveHits += 1;
    }
  }
  const naiveSampleMs = performance.now() - started;
  if (naiveHits < 0) throw new Error('unreachable');
  return {
    size,
    indexBuildMs,
    indexBuildMovingMs,
    perIncident: { p50: percentile(times, 0.5), p95: percentile(times, 0.95) },
    fullIndexedMs,
    fullNaiveMs: (naiveSampleMs / Math.max(1, sample.length)) * incidentRows.length,
    exposures,
  };
}
