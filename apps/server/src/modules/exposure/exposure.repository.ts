import { type SQL, and, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { type BulkColumn, bulkInsert } from '../../db/bulk.js';
import { LOCKS, lockFor } from '../../db/advisory-lock.js';
import type { Executor } from '../../db/client.js';
import {
  exposurePeaks,
  exposures,
  incidents,
  organizations,
  shipments,
  sites,
} from '../../db/schema.js';
import { incidentScope } from '../incidents/incidents.reads.js';

export type ExposureRow = typeof exposures.$inferSelect;
/** What a recompute compares its matches with: the stored exposures' keys and state. */
export type StoredExposure = Pick<
  ExposureRow,
  'id' | 'incidentId' | 'targetKind' | 'targetId' | 'state' | 'via' | 'distanceKm'
>;
const storedColumns = {
  id: exposures.id,
  incidentId: exposures.incidentId,
  targetKind: exposures.targetKind,
  targetId: exposures.targetId,
  state: exposures.state,
  via: exposures.via,
  distanceKm: exposures.distanceKm,
};
type NewExposure = Omit<ExposureRow, 'id' | 'clearedAt'>;

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
  {
    column: exposures.firstExposedAt,
    type: 'timestamptz',
    value: (row) => row.firstExposedAt.toISOString(),
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
  positionAt: shipments.positionAt,
  departureAt: shipments.departureAt,
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

/**
 * Live, and of an organization still there: a removed one's are not recomputed (a global
 * incident's recompute covers the organizations that remain), so they would be found forever.
 */
const live = sql`${exposures.state} <> 'CLEARED' and ${exposures.organizationId} in (select ${organizations.id} from ${organizations} where ${organizations.deletedAt} is null)`;

/** Live exposures of shipments, and these conditions (on the joined shipment, say). */
const liveOfShipments = (...conditions: (SQL | undefined)[]) =>
  and(live, eq(exposures.targetKind, 'SHIPMENT'), ...conditions);

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
          incidentScope(organizationId, 'GLOBAL'),
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

  /**
   * What the passing of time changed without a write, up to `limit` of each: incidents whose end
   * has passed that still expose something, and shipments past their ETA still exposed by their
   * route (a route counts only before the ETA).
   */
  async outdated(db: Executor, now: Date, limit: number) {
    const incidentIds = await db
      .select({ id: exposures.incidentId })
      .from(exposures)
      .innerJoin(incidents, eq(incidents.id, exposures.incidentId))
      .where(and(live, lte(incidents.endsAt, now)))
      .groupBy(exposures.incidentId)
      .limit(limit);
    const shipmentRows = await db
      .select({ id: exposures.targetId, organizationId: exposures.organizationId })
      .from(exposures)
      .innerJoin(shipments, eq(shipments.id, exposures.targetId))
      .where(liveOfShipments(eq(exposures.via, 'ROUTE'), lte(shipments.eta, now)))
      .groupBy(exposures.targetId, exposures.organizationId)
      .limit(limit);
    return { incidentIds: incidentIds.map((row) => row.id), shipments: shipmentRows };
  },

  /**
   * Incidents with a live exposure of a shipment on its way before `until` (one whose estimated
   * position moves: `travelWindow` in lib/geo/route.ts, as SQL).
   */
  async movingIncidents(db: Executor, now: Date, until: Date, limit: number): Promise<string[]> {
    const starts = sql`greatest(${shipments.positionAt}, coalesce(${shipments.departureAt}, ${shipments.positionAt}))`;
    const rows = await db
      .select({ id: exposures.incidentId })
      .from(exposures)
      .innerJoin(shipments, eq(shipments.id, exposures.targetId))
      .where(
        liveOfShipments(
          ne(shipments.status, 'DELIVERED'),
          or(ne(shipments.status, 'PLANNED'), isNotNull(shipments.departureAt)),
          isNotNull(shipments.destinationLat),
          gt(shipments.eta, now),
          sql`${shipments.eta} > ${starts} and ${starts} < ${until.toISOString()}::timestamptz`,
        ),
      )
      .groupBy(exposures.incidentId)
      .limit(limit);
    return rows.map((row) => row.id);
  },

  /** How many of the organization's items the incident still exposes (not CLEARED). */
  async liveCount(db: Executor, incidentId: string, organizationId: string): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(exposures)
      .where(
        and(
          eq(exposures.incidentId, incidentId),
          eq(exposures.organizationId, organizationId),
          sql`${exposures.state} <> 'CLEARED'`,
        ),
      );
    return row?.count ?? 0;
  },

  /**
   * Raises the incident's peaks for the organization to what it reaches now, where that is more
   * (the engine calls it after each write that brought something into reach).
   */
  async raisePeaks(db: Executor, incidentId: string, organizationId: string, now: Date) {
    const at = now.toISOString();
    await db.execute(sql`
      insert into ${exposurePeaks} as p (incident_id, organization_id, sites, sites_at, shipments, shipments_at)
      select ${incidentId}::uuid, ${organizationId}::uuid,
        count(*) filter (where ${exposures.targetKind} = 'SITE'), ${at}::timestamptz,
        count(*) filter (where ${exposures.targetKind} = 'SHIPMENT'), ${at}::timestamptz
      from ${exposures}
      where ${exposures.incidentId} = ${incidentId} and ${exposures.organizationId} = ${organizationId}
        and ${exposures.state} <> 'CLEARED'
      having count(*) > 0
      on conflict (incident_id, organization_id) do update set
        sites = greatest(p.sites, excluded.sites),
        sites_at = case when excluded.sites > p.sites then excluded.sites_at else p.sites_at end,
        shipments = greatest(p.shipments, excluded.shipments),
        shipments_at = case when excluded.shipments > p.shipments then excluded.shipments_at else p.shipments_at end
      where excluded.sites > p.sites or excluded.shipments > p.shipments`);
  },

  /** The next such moment after `now`: the nearest end or ETA among live exposures; null if none. */
  async nextMoment(db: Executor, now: Date): Promise<Date | null> {
    const at = now.toISOString();
    const result = await db.execute<{ next: string | Date | null }>(sql`
      select least(
        (select min(i.ends_at) from ${incidents} i
          where i.ends_at > ${at}::timestamptz and exists (
            select 1 from ${exposures} e join ${organizations} o on o.id = e.organization_id
            where e.incident_id = i.id and e.state <> 'CLEARED' and o.deleted_at is null)),
        (select min(s.eta) from ${exposures} e join ${shipments} s on s.id = e.target_id
          join ${organizations} o on o.id = e.organization_id
          where e.target_kind = 'SHIPMENT' and e.via = 'ROUTE' and e.state <> 'CLEARED'
            and o.deleted_at is null and s.eta > ${at}::timestamptz)
      ) as next`);
    const next = (result as { rows: { next: string | Date | null }[] }).rows[0]?.next;
    return next ? new Date(next) : null;
  },

  forIncident(db: Executor, incidentId: string, organizationId: string): Promise<StoredExposure[]> {
    return db
      .select(storedColumns)
      .from(exposures)
      .where(
        and(eq(exposures.incidentId, incidentId), eq(exposures.organizationId, organizationId)),
      );
  },

  forTarget(db: Executor, kind: ExposureTarget, targetId: string): Promise<StoredExposure[]> {
    return db
      .select(storedColumns)
      .from(exposures)
      .where(and(eq(exposures.targetKind, kind), eq(exposures.targetId, targetId)));
  },

  /** New exposures, a few thousand at a time through unnest (one parameter per column). */
  async insert(db: Executor, rows: readonly NewExposure[]): Promise<void> {
    for (let start = 0; start < rows.length; start += 5000) {
      await bulkInsert(db, exposures, EXPOSURE_COLUMNS, rows.slice(start, start + 5000));
    }
  },

  /**
   * Many rows' new state in one statement per thousand (a recompute may change thousands); a
   * null time keeps the row's.
   */
  async updateMany(
    db: Executor,
    rows: readonly (Pick<ExposureRow, 'id' | 'state' | 'via' | 'distanceKm'> & {
      firstSeenAt: Date | null;
      lastChangedAt: Date | null;
    })[],
  ): Promise<void> {
    for (let start = 0; start < rows.length; start += 1000) {
      const chunk = rows.slice(start, start + 1000);
      const values = sql.join(
        chunk.map(
          (row) =>
            sql`(${row.id}::bigint, ${row.state}, ${row.via}, ${row.distanceKm}::float8, ${row.firstSeenAt?.toISOString() ?? null}::timestamptz, ${row.lastChangedAt?.toISOString() ?? null}::timestamptz)`,
        ),
        sql`, `,
      );
      // Every row here is in reach: a cleared one coming back is no longer cleared.
      await db.execute(sql`update ${exposures} set state = v.state, via = v.via, distance_km = v.distance_km,
        first_seen_at = coalesce(v.first_seen_at, ${exposures.firstSeenAt}),
        last_changed_at = coalesce(v.last_changed_at, ${exposures.lastChangedAt}), cleared_at = null
        from (values ${values}) as v(id, state, via, distance_km, first_seen_at, last_changed_at)
        where ${exposures.id} = v.id`);
    }
  },

  /**
   * Clears these exposures; answers the ones this call changed (another transaction may have
   * cleared some meanwhile: each is cleared, and announced, once).
   */
  async clear(db: Executor, ids: number[], now: Date): Promise<ExposureRow[]> {
    const changed: ExposureRow[] = [];
    for (let start = 0; start < ids.length; start += 1000) {
      changed.push(
        ...(await db
          .update(exposures)
          .set({ state: 'CLEARED', lastChangedAt: now, clearedAt: now })
          .where(
            and(
              inArray(exposures.id, ids.slice(start, start + 1000)),
              sql`${exposures.state} <> 'CLEARED'`,
            ),
          )
          .returning()),
      );
    }
    return changed;
  },
};
