import { type SQLWrapper, and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { jsonObject, jsonTimestamp, jsonValue, listSnapshot } from '../../db/json-sql.js';
import { shipments, sites } from '../../db/schema.js';

export type ShipmentRow = Pick<
  typeof shipments.$inferSelect,
  | 'id'
  | 'reference'
  | 'origin'
  | 'destination'
  | 'mode'
  | 'lat'
  | 'lng'
  | 'carrier'
  | 'status'
  | 'eta'
>;

const EARTH_RADIUS_KM = 6371;

const shipmentColumns = {
  id: shipments.id,
  reference: shipments.reference,
  origin: shipments.origin,
  destination: shipments.destination,
  mode: shipments.mode,
  lat: shipments.lat,
  lng: shipments.lng,
  carrier: shipments.carrier,
  status: shipments.status,
  eta: shipments.eta,
};

const shipmentJson = jsonObject({
  id: jsonValue(shipments.id),
  currentPosition: jsonObject({ lat: jsonValue(shipments.lat), lng: jsonValue(shipments.lng) }),
  reference: jsonValue(shipments.reference),
  origin: jsonValue(shipments.origin),
  destination: jsonValue(shipments.destination),
  mode: jsonValue(shipments.mode),
  // Additions to the spec's shape (id, currentPosition, …): who carries it, how it goes, when.
  carrier: jsonValue(shipments.carrier),
  status: jsonValue(shipments.status),
  eta: jsonTimestamp(shipments.eta),
});

const siteJson = jsonObject({
  id: jsonValue(sites.id),
  name: jsonValue(sites.name),
  kind: jsonValue(sites.kind),
  criticality: jsonValue(sites.criticality),
  location: jsonObject({ lat: jsonValue(sites.lat), lng: jsonValue(sites.lng) }),
});

/** The map's sites: not archived, with a location. */
const mapSites = (organizationId: string) =>
  and(
    eq(sites.organizationId, organizationId),
    isNull(sites.archivedAt),
    isNotNull(sites.lat),
    isNotNull(sites.lng),
  );

export const atlasRepository = {
  async sitesVersion(db: Executor, organizationId: string): Promise<string> {
    const [row] = await db
      .select({ version: listSnapshot(sites.updatedAt, siteJson).version })
      .from(sites)
      .where(mapSites(organizationId));
    return row?.version ?? '';
  },

  /** The map's sites as JSON (MapSiteListResponse), most critical last so they draw on top. */
  async sitesJson(db: Executor, organizationId: string) {
    const [row] = await db
      .select(listSnapshot(sites.updatedAt, siteJson, sql`${sites.name}, ${sites.id}`))
      .from(sites)
      .where(mapSites(organizationId));
    return row ?? { version: '', json: '{"data":[]}' };
  },

  async shipmentsVersion(db: Executor, organizationId: string): Promise<string> {
    const [row] = await db
      .select({ version: listSnapshot(shipments.updatedAt, shipmentJson).version })
      .from(shipments)
      .where(eq(shipments.organizationId, organizationId));
    return row?.version ?? '';
  },

  /** The shipment list as JSON, as toShipmentDto would give it. */
  async shipmentsJson(db: Executor, organizationId: string) {
    const [row] = await db
      .select(listSnapshot(shipments.updatedAt, shipmentJson))
      .from(shipments)
      .where(eq(shipments.organizationId, organizationId));
    return row ?? { version: '', json: '{"data":[]}' };
  },

  /**
   * What the map draws of each shipment, ordered by id, as a JSON array of
   * `[id, lng, lat, status, pace]`, with the version (the JSON list's) read in the same
   * statement. `pace` is null for a shipment that cannot move on its own (delivered, or without
   * an ETA or a destination); else `[mode, originLng, originLat, destinationLng, destinationLat,
   * waypoints, positionAt, departureAt, eta]` (times in epoch ms), what places it along its route.
   */
  async shipmentMapRows(db: Executor, organizationId: string) {
    const ms = (column: SQLWrapper) => sql`floor(extract(epoch from ${column}) * 1000)::bigint`;
    const pace = sql`case when ${shipments.eta} is not null and ${shipments.destinationLat} is not null and ${shipments.destinationLng} is not null and ${shipments.status} <> 'DELIVERED' then json_build_array(${shipments.mode}, ${shipments.originLng}, ${shipments.originLat}, ${shipments.destinationLng}, ${shipments.destinationLat}, ${shipments.waypoints}, ${ms(shipments.positionAt)}, ${ms(shipments.departureAt)}, ${ms(shipments.eta)}) end`;
    const [row] = await db
      .select({
        version: listSnapshot(shipments.updatedAt, shipmentJson).version,
        json: sql<string>`coalesce(json_agg(json_build_array(${shipments.id}, ${shipments.lng}, ${shipments.lat}, ${shipments.status}, ${pace}) order by ${shipments.id})::text, '[]')`,
      })
      .from(shipments)
      .where(eq(shipments.organizationId, organizationId));
    return row ?? { version: '', json: '[]' };
  },

  /** One shipment of the organization, as the map's details show it. */
  async findShipment(
    db: Executor,
    organizationId: string,
    shipmentId: string,
  ): Promise<ShipmentRow | undefined> {
    const [row] = await db
      .select(shipmentColumns)
      .from(shipments)
      .where(and(eq(shipments.organizationId, organizationId), eq(shipments.id, shipmentId)));
    return row;
  },

  /** Great-circle distance, after a cheap bounding-box filter on latitude. */
  listShipmentsNear(
    db: Executor,
    organizationId: string,
    point: { lat: number; lng: number },
    radiusKm: number,
  ): Promise<(ShipmentRow & { distanceKm: number })[]> {
    const distance = sql<number>`(${EARTH_RADIUS_KM} * 2 * asin(sqrt(
      power(sin(radians(${shipments.lat} - ${point.lat}) / 2), 2) +
      cos(radians(${point.lat})) * cos(radians(${shipments.lat})) *
      power(sin(radians(${shipments.lng} - ${point.lng}) / 2), 2))))`;
    const latitudeSpan = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI);
    return db
      .select({ ...shipmentColumns, distanceKm: distance.mapWith(Number) })
      .from(shipments)
      .where(
        and(
          eq(shipments.organizationId, organizationId),
          sql`${shipments.lat} between ${point.lat - latitudeSpan} and ${point.lat + latitudeSpan}`,
          sql`${distance} <= ${radiusKm}`,
        ),
      )
      .orderBy(distance)
      .limit(500);
  },
};
