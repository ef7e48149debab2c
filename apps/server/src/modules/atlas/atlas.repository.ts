import { type AnyColumn, and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Incident, Scope, Shipment } from '@meridian/contracts';
import type { Executor } from '../../db/client.js';
import { incidents, shipments } from '../../db/schema.js';

type IncidentRow = typeof incidents.$inferSelect;
type ShipmentRow = Pick<
  typeof shipments.$inferSelect,
  'id' | 'reference' | 'origin' | 'destination' | 'mode' | 'lat' | 'lng'
>;

const EARTH_RADIUS_KM = 6371;

export const toIncidentDto = (row: IncidentRow): Incident => ({
  id: row.id,
  organizationId: row.organizationId,
  title: row.title,
  description: row.description,
  severity: row.severity,
  status: row.status,
  location:
    row.lat !== null && row.lng !== null
      ? { lat: row.lat, lng: row.lng, countryCode: row.countryCode }
      : null,
  updatedAt: row.updatedAt.toISOString(),
});

export const toShipmentDto = (row: ShipmentRow): Shipment => ({
  id: row.id,
  currentPosition: { lat: row.lat, lng: row.lng },
  reference: row.reference,
  origin: row.origin,
  destination: row.destination,
  mode: row.mode,
});

const shipmentColumns = {
  id: shipments.id,
  reference: shipments.reference,
  origin: shipments.origin,
  destination: shipments.destination,
  mode: shipments.mode,
  lat: shipments.lat,
  lng: shipments.lng,
};

/** ORG: the organization's own incidents. GLOBAL: those plus global ones (no organization), never another's. */
const incidentScope = (organizationId: string, scope: Scope) =>
  scope === 'ORG'
    ? eq(incidents.organizationId, organizationId)
    : or(eq(incidents.organizationId, organizationId), isNull(incidents.organizationId));

/**
 * A JSON object built by the database, keys in the given order and no whitespace, as
 * JSON.stringify writes it: the big lists skip row mapping and serialization in Node.
 */
const jsonObject = (fields: Record<string, SQL>): SQL =>
  sql.join(
    [
      sql.raw(`'{'`),
      sql.join(
        Object.entries(fields).map(([key, value]) =>
          sql.join([sql.raw(`'${JSON.stringify(key)}:'`), value], sql.raw(' || ')),
        ),
        sql.raw(` || ',' || `),
      ),
      sql.raw(`'}'`),
    ],
    sql.raw(' || '),
  );
const jsonValue = (column: SQL | AnyColumn) => sql`coalesce(to_json(${column})::text, 'null')`;

/** `{"data":[...]}` of the rows, with the version (count and latest change) read in the same statement. */
const listSnapshot = (updatedAt: AnyColumn, element: SQL, orderBy?: SQL) =>
  ({
    version: sql<string>`count(*) || '/' || coalesce(max(${updatedAt})::text, '')`,
    json: sql<string>`'{"data":[' || coalesce(string_agg(${element}, ','${orderBy ? sql` order by ${orderBy}` : sql``}), '') || ']}'`,
  }) as const;

const incidentJson = jsonObject({
  id: jsonValue(incidents.id),
  organizationId: jsonValue(incidents.organizationId),
  title: jsonValue(incidents.title),
  description: jsonValue(incidents.description),
  severity: jsonValue(incidents.severity),
  status: jsonValue(incidents.status),
  location: sql`case when ${incidents.lat} is not null and ${incidents.lng} is not null then ${jsonObject(
    {
      lat: jsonValue(incidents.lat),
      lng: jsonValue(incidents.lng),
      countryCode: jsonValue(incidents.countryCode),
    },
  )} else 'null' end`,
  // toISOString's form: UTC, milliseconds, Z.
  updatedAt: sql`'"' || to_char(${incidents.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`,
});

const shipmentJson = jsonObject({
  id: jsonValue(shipments.id),
  currentPosition: jsonObject({ lat: jsonValue(shipments.lat), lng: jsonValue(shipments.lng) }),
  reference: jsonValue(shipments.reference),
  origin: jsonValue(shipments.origin),
  destination: jsonValue(shipments.destination),
  mode: jsonValue(shipments.mode),
});

export const atlasRepository = {
  /** Changes whenever a listed incident is added, removed or updated (updatedAt moves). */
  async incidentsVersion(db: Executor, organizationId: string, scope: Scope): Promise<string> {
    const [row] = await db
      .select({ version: listSnapshot(incidents.updatedAt, incidentJson).version })
      .from(incidents)
      .where(incidentScope(organizationId, scope));
    return row?.version ?? '';
  },

  /** The incident list as JSON, newest first, as toIncidentDto would give it. */
  async incidentsJson(db: Executor, organizationId: string, scope: Scope) {
    const [row] = await db
      .select(
        listSnapshot(
          incidents.updatedAt,
          incidentJson,
          sql`${incidents.updatedAt} desc, ${incidents.id} desc`,
        ),
      )
      .from(incidents)
      .where(incidentScope(organizationId, scope));
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

  async findVisibleIncident(
    db: Executor,
    organizationId: string,
    id: string,
  ): Promise<IncidentRow | undefined> {
    const [row] = await db
      .select()
      .from(incidents)
      .where(and(eq(incidents.id, id), incidentScope(organizationId, 'GLOBAL')));
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
