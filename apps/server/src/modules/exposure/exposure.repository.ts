import { and, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { type BulkColumn, bulkInsert } from '../../db/bulk.js';
import { LOCKS, lockFor } from '../../db/advisory-lock.js';
import type { Executor } from '../../db/client.js';
import { exposures, incidents, organizations, shipments, sites } from '../../db/schema.js';

export type ExposureRow = typeof exposures.$inferSelect;
type NewExposure = Omit<ExposureRow, 'id'>;

const EXPOSURE_COLUMNS: readonly BulkColumn<NewExposure>[] = [
  { column: exposures.organizationId, type: 'uuid', value: (row) => row.organizationId },
  { column: exposures.incidentId, type: 'uuid', value: (row) => row.incidentId },
  { column: exposures.targetKind, type: 'text', value: (row) => row.targetKind },
  { column: exposures.targetId, type: 'text', value: (row) => row.targetId },
  { column: exposures.via, type: 'text', value: (row) => row.via },
  { column: exposures.distanceKm, type: 'float8', value: (row) => row.distanceKm },
  { column: exposures.state, type: 'text', value: (row) => row.state },
  {
    column: exposures.firstSeenAt,
    type: 'timestamptz',
    value: (row) => row.firstSeenAt.toISOString(),
  },
  {
    column: exposures.lastChangedAt,
    type: 'timestamptz',
    value: (row) => row.lastChangedAt.toISOString(),
  },
];
export type ExposureTarget = 'SITE' | 'SHIPMENT';
export type IncidentRow = typeof incidents.$inferSelect;

/** What the engine needs of a shipment: where it is, where it goes, by which way and when. */
export const matchableShipmentColumns = {
  id: shipments.id,
  mode: shipments.mode,
  status: shipments.status,
  lat: shipments.lat,
  lng: shipments.lng,
  originLat: shipments.originLat,
  originLng: shipments.originLng,
  destinationLat: shipments.destinationLat,
  destinationLng: shipments.destinationLng,
  waypoints: shipments.waypoints,
  eta: shipments.eta,
};
export type MatchableShipment = Pick<
  typeof shipments.$inferSelect,
  keyof typeof matchableShipmentColumns
>;
export type MatchableSite = { id: string; lat: number; lng: number };

/** Unarchived sites with a location. */
const matchableSite = (organizationId: string) =>
  and(
    eq(sites.organizationId, organizationId),
    isNull(sites.archivedAt),
    isNotNull(sites.lat),
    isNotNull(sites.lng),
  );

export const exposureRepository = {
  /** Changes whenever a site or a shipment of the organization is added, changed or removed. */
  async indexVersion(db: Executor, organizationId: string): Promise<string> {
    const [row] = await db
      .execute<{ version: string }>(
        sql`select
      (select count(*) || '/' || coalesce(max(updated_at)::text, '') from ${sites} where organization_id = ${organizationId})
      || '|' ||
      (select count(*) || '/' || coalesce(max(updated_at)::text, '') from ${shipments} where organization_id = ${organizationId})
      as version`,
      )
      .then((result) => (result as { rows: { version: string }[] }).rows);
    return row?.version ?? '';
  },

  async matchableSites(db: Executor, organizationId: string): Promise<MatchableSite[]> {
    const rows = await db
      .select({ id: sites.id, lat: sites.lat, lng: sites.lng })
      .from(sites)
      .where(matchableSite(organizationId));
    return rows.map((row) => ({ id: row.id, lat: row.lat ?? 0, lng: row.lng ?? 0 }));
  },

  matchableShipments(db: Executor, organizationId: string): Promise<MatchableShipment[]> {
    return db
      .select(matchableShipmentColumns)
      .from(shipments)
      .where(and(eq(shipments.organizationId, organizationId), ne(shipments.status, 'DELIVERED')));
  },

  async findIncident(db: Executor, id: string): Promise<IncidentRow | undefined> {
    const [row] = await db.select().from(incidents).where(eq(incidents.id, id));
    return row;
  },

  /** Incidents that may expose the organization's items now: its own and global ones, not over. */
  activeIncidents(db: Executor, organizationId: string, now: Date): Promise<IncidentRow[]> {
    return db
      .select()
      .from(incidents)
      .where(
        and(
          or(eq(incidents.organizationId, organizationId), isNull(incidents.organizationId)),
          ne(incidents.status, 'RESOLVED'),
          or(isNull(incidents.endsAt), gt(incidents.endsAt, now)),
        ),
      );
  },

  async organizationIds(db: Executor): Promise<string[]> {
    const rows = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(isNull(organizations.deletedAt));
    return rows.map((row) => row.id);
  },

  /** Serialises recomputes of one incident (or target) across instances, until the transaction ends. */
  lock(db: Executor, key: string): Promise<void> {
    return lockFor(db, LOCKS.exposure, key);
  },

  forIncident(db: Executor, incidentId: string, organizationId: string): Promise<ExposureRow[]> {
    return db
      .select()
      .from(exposures)
      .where(
        and(eq(exposures.incidentId, incidentId), eq(exposures.organizationId, organizationId)),
      );
  },

  forTarget(db: Executor, kind: ExposureTarget, targetId: string): Promise<ExposureRow[]> {
    return db
      .select()
      .from(exposures)
      .where(and(eq(exposures.targetKind, kind), eq(exposures.targetId, targetId)));
  },

  /** New exposures, a few thousand at a time through unnest (one parameter per column). */
  async insert(db: Executor, rows: readonly NewExposure[]): Promise<void> {
    for (let start = 0; start < rows.length; start += 5000) {
      await bulkInsert(db, exposures, EXPOSURE_COLUMNS, rows.slice(start, start + 5000));
    }
  },

  /** Many rows' new state in one statement per thousand (a recompute may change thousands). */
  async updateMany(
    db: Executor,
    rows: readonly Pick<
      ExposureRow,
      'id' | 'state' | 'via' | 'distanceKm' | 'firstSeenAt' | 'lastChangedAt'
    >[],
  ): Promise<void> {
    for (let start = 0; start < rows.length; start += 1000) {
      const chunk = rows.slice(start, start + 1000);
      const values = sql.join(
        chunk.map(
          (row) =>
            sql`(${row.id}::bigint, ${row.state}, ${row.via}, ${row.distanceKm}::float8, ${row.firstSeenAt.toISOString()}::timestamptz, ${row.lastChangedAt.toISOString()}::timestamptz)`,
        ),
        sql`, `,
      );
      await db.execute(sql`update ${exposures} set state = v.state, via = v.via, distance_km = v.distance_km,
        first_seen_at = v.first_seen_at, last_changed_at = v.last_changed_at
        from (values ${values}) as v(id, state, via, distance_km, first_seen_at, last_changed_at)
        where ${exposures.id} = v.id`);
    }
  },

  async clear(db: Executor, ids: number[], now: Date): Promise<void> {
    for (let start = 0; start < ids.length; start += 1000) {
      await db
        .update(exposures)
        .set({ state: 'CLEARED', lastChangedAt: now })
        .where(inArray(exposures.id, ids.slice(start, start + 1000)));
    }
  },
};

/** The exposure comes from one of the organization's own incidents (the ORG scope). */
const ofOwnIncident = (organizationId: string) =>
  sql`exists (select 1 from ${incidents} where ${incidents.id} = ${exposures.incidentId} and ${incidents.organizationId} = ${organizationId})`;

const shipmentExposureVersionSql = (organizationId: string) =>
  sql`(select count(*) || '/' || coalesce(max(${exposures.id}), 0) || '/' || coalesce(max(${exposures.lastChangedAt})::text, '')
    from ${exposures} where ${exposures.organizationId} = ${organizationId} and ${exposures.targetKind} = 'SHIPMENT')`;

/** Queries behind the exposure screens (one organization's view). */
export const exposureReads = {
  /** Live exposures of an incident for the organization, with their sites. */
  sitesOf(db: Executor, incidentId: string, organizationId: string, withCleared: boolean) {
    return db
      .select({ exposure: exposures, site: sites })
      .from(exposures)
      .innerJoin(sites, eq(sites.id, sql`${exposures.targetId}::uuid`))
      .where(
        and(
          eq(exposures.incidentId, incidentId),
          eq(exposures.organizationId, organizationId),
          eq(exposures.targetKind, 'SITE'),
          withCleared ? undefined : ne(exposures.state, 'CLEARED'),
        ),
      )
      .orderBy(exposures.distanceKm);
  },

  shipmentsOf(db: Executor, incidentId: string, organizationId: string, withCleared: boolean) {
    return db
      .select({ exposure: exposures, shipment: shipments })
      .from(exposures)
      .innerJoin(shipments, eq(shipments.id, exposures.targetId))
      .where(
        and(
          eq(exposures.incidentId, incidentId),
          eq(exposures.organizationId, organizationId),
          eq(exposures.targetKind, 'SHIPMENT'),
          withCleared ? undefined : ne(exposures.state, 'CLEARED'),
        ),
      )
      .orderBy(exposures.distanceKm);
  },

  /** The organization's items that some incident reaches now (of its own incidents only, or any). */
  exposedTargets(db: Executor, organizationId: string, ownIncidentsOnly: boolean) {
    return db
      .select({ kind: exposures.targetKind, id: exposures.targetId })
      .from(exposures)
      .where(
        and(
          eq(exposures.organizationId, organizationId),
          ne(exposures.state, 'CLEARED'),
          ownIncidentsOnly ? ofOwnIncident(organizationId) : undefined,
        ),
      )
      .groupBy(exposures.targetKind, exposures.targetId);
  },

  /**
   * Changes whenever a shipment exposure of the organization is added, changed or removed
   * (count, newest row, latest change): the version of `exposedShipmentIds`.
   */
  async shipmentExposureVersion(db: Executor, organizationId: string): Promise<string> {
    const [row] = await db
      .execute<{ version: string }>(
        sql`select ${shipmentExposureVersionSql(organizationId)} as version`,
      )
      .then((result) => (result as { rows: { version: string }[] }).rows);
    return row?.version ?? '';
  },

  /**
   * The ids of the organization's shipments some incident reaches now (of its own incidents only,
   * or any), as the summary's exposedShipmentIds, with their version read in the same statement.
   */
  async exposedShipmentIds(
    db: Executor,
    organizationId: string,
    ownIncidentsOnly: boolean,
  ): Promise<{ version: string; ids: string[] }> {
    const [row] = await db
      .execute<{ version: string; ids: string }>(
        sql`select ${shipmentExposureVersionSql(organizationId)} as version,
          coalesce((select json_agg(distinct ${exposures.targetId}) from ${exposures}
            where ${exposures.organizationId} = ${organizationId}
              and ${exposures.targetKind} = 'SHIPMENT' and ${exposures.state} <> 'CLEARED'
              ${ownIncidentsOnly ? sql`and ${ofOwnIncident(organizationId)}` : sql``}
          )::text, '[]') as ids`,
      )
      .then((result) => (result as { rows: { version: string; ids: string }[] }).rows);
    return { version: row?.version ?? '', ids: JSON.parse(row?.ids ?? '[]') as string[] };
  },

  /** The organization's shipments some incident reaches now (of its own incidents only, or any). */
  exposedShipments(db: Executor, organizationId: string, ownIncidentsOnly: boolean, limit: number) {
    return db
      .select(matchableShipmentColumns)
      .from(shipments)
      .where(
        and(
          eq(shipments.organizationId, organizationId),
          sql`exists (select 1 from ${exposures} where ${exposures.targetKind} = 'SHIPMENT'
            and ${exposures.targetId} = ${shipments.id} and ${exposures.organizationId} = ${organizationId}
            and ${exposures.state} <> 'CLEARED'
            ${ownIncidentsOnly ? sql`and ${ofOwnIncident(organizationId)}` : sql``})`,
        ),
      )
      .limit(limit);
  },

  /** Live exposure counts per incident for the organization. */
  summary(db: Executor, organizationId: string) {
    return db
      .select({
        incidentId: exposures.incidentId,
        sites: sql<number>`(count(*) filter (where ${exposures.targetKind} = 'SITE'))::int`,
        shipments: sql<number>`(count(*) filter (where ${exposures.targetKind} = 'SHIPMENT'))::int`,
      })
      .from(exposures)
      .where(and(eq(exposures.organizationId, organizationId), ne(exposures.state, 'CLEARED')))
      .groupBy(exposures.incidentId);
  },
};
