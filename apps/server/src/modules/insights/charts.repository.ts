import { type SQL, and, asc, countDistinct, desc, eq, gte, lt, ne, or, sql } from 'drizzle-orm';
import type { IncidentType } from '@meridian/contracts';
import { type Executor, rowsOf } from '../../db/client.js';
import { exposures, incidentImpacts, incidents, shipments, sites } from '../../db/schema.js';

/**
 * A chart window: `days` UTC days from `from` (a UTC midnight), `scope` being which incidents
 * count (the organization's own, or global ones too, as an SQL condition on `incidents`).
 */
export type ChartWindow = {
  organizationId: string;
  from: Date;
  end: Date;
  days: number;
  scope: SQL | undefined;
};

/**
 * 24 hours, not '1 day': a day added to a timestamptz follows the session's time zone across
 * daylight-saving changes, and chart days are UTC days.
 */
const DAY = sql.raw(`interval '24 hours'`);
const start = (window: ChartWindow) => sql`${window.from.toISOString()}::timestamptz`;
const endOf = (window: ChartWindow) => sql`${window.end.toISOString()}::timestamptz`;
/** Which day of the window a time falls on (0 first), -1 for any time before the window. */
const dayIndex = (window: ChartWindow, time: SQL) =>
  sql`greatest(-1, floor(extract(epoch from (${time} - ${start(window)})) / 86400))::int`;
/** Every day of the window as `n` (0 first) and its `YYYY-MM-DD` as `day`. */
const windowDays = (window: ChartWindow) =>
  sql`(select n, to_char((${start(window)} + n * ${DAY}) at time zone 'UTC', 'YYYY-MM-DD') as day
    from generate_series(0, ${window.days - 1}::int) as n)`;

/** The organization's exposure rows of counted incidents that were live some time in the window. */
const liveInWindow = (window: ChartWindow) =>
  and(
    eq(exposures.organizationId, window.organizationId),
    lt(exposures.firstSeenAt, window.end),
    or(ne(exposures.state, 'CLEARED'), gte(exposures.lastChangedAt, window.from)),
    sql`exists (select 1 from ${incidents} where ${incidents.id} = ${exposures.incidentId} and ${window.scope ?? sql`true`})`,
  );

/**
 * The counted incidents with a value at risk for the organization in its currency, each with
 * the days of the window it was active on: from its start to its resolution or end (the
 * earlier), or to the window's end while it goes on.
 */
const valuedInWindow = (window: ChartWindow, currency: string) => {
  const last = window.days - 1;
  const over = sql`least(${incidents.resolvedAt}, ${incidents.endsAt})`;
  return sql`(select ${incidents.id} as id, ${incidents.type} as type,
      impact.value_at_risk as amount, impact.site_values as site_values,
      greatest(0, ${dayIndex(window, sql`${incidents.startsAt}`)}) as first_day,
      case when ${over} is null then ${last}::int
        else least(${last}::int, ${dayIndex(window, over)}) end as last_day
    from ${incidents}
    join ${incidentImpacts} impact on impact.incident_id = ${incidents.id}
      and impact.organization_id = ${window.organizationId}
      and impact.currency = ${currency} and impact.value_at_risk > 0
    where ${window.scope ?? sql`true`}
      and ${incidents.startsAt} < ${endOf(window)}
      and (${over} is null or ${over} >= ${start(window)}))`;
};

export type ValueDayRow = { day: string; amount: number; incidents: number };
export type ValueByTypeRow = { type: IncidentType; amount: number; incidents: number };
export type ValueBySupplierRow = { id: string; name: string; amount: number; incidents: number };

export type SeverityDayRow = {
  day: string;
  CRITICAL: number;
  HIGH: number;
  MEDIUM: number;
  LOW: number;
};
export type OpenResolvedRow = { day: string; opened: number; resolved: number; open: number };
export type ExposureDayRow = { day: string; sites: number; shipments: number };

/** Chart aggregations, all in SQL over one organization's view of the incidents. */
export const chartsRepository = {
  /** Incidents by the day they started, stacked by severity; days without any are zeros. */
  async severityByDay(db: Executor, window: ChartWindow): Promise<SeverityDayRow[]> {
    const result = await db.execute(sql`
      with started as (
        select ${dayIndex(window, sql`${incidents.startsAt}`)} as n, ${incidents.severity} as severity
        from ${incidents}
        where ${window.scope ?? sql`true`}
          and ${incidents.startsAt} >= ${start(window)} and ${incidents.startsAt} < ${endOf(window)}
      )
      select d.day,
        (count(s.n) filter (where s.severity = 'CRITICAL'))::int as "CRITICAL",
        (count(s.n) filter (where s.severity = 'HIGH'))::int as "HIGH",
        (count(s.n) filter (where s.severity = 'MEDIUM'))::int as "MEDIUM",
        (count(s.n) filter (where s.severity = 'LOW'))::int as "LOW"
      from ${windowDays(window)} as d
      left join started as s on s.n = d.n
      group by d.n, d.day
      order by d.n`);
    return rowsOf<SeverityDayRow>(result);
  },

  /**
   * Opened and resolved per day, and how many were open at each day's end: the running sum of
   * +1 at each start and -1 at each resolution, from what was open when the window began.
   */
  async openVsResolved(db: Executor, window: ChartWindow): Promise<OpenResolvedRow[]> {
    const result = await db.execute(sql`
      with counted as (
        select ${incidents.startsAt} as starts_at, ${incidents.resolvedAt} as resolved_at
        from ${incidents}
        where ${window.scope ?? sql`true`} and ${incidents.startsAt} < ${endOf(window)}
      ),
      marks as (
        select starts_at as at, 1 as opened, 0 as resolved, 1 as delta from counted
        union all
        select resolved_at, 0, 1, -1 from counted
        where resolved_at is not null and resolved_at < ${endOf(window)}
      ),
      per_day as (
        select ${dayIndex(window, sql`at`)} as n, sum(opened)::int as opened,
          sum(resolved)::int as resolved, sum(delta)::int as delta
        from marks group by 1
      )
      select d.day, coalesce(p.opened, 0) as opened, coalesce(p.resolved, 0) as resolved,
        ((select coalesce(sum(delta), 0) from per_day where n = -1)
          + sum(coalesce(p.delta, 0)) over (order by d.n))::int as open
      from ${windowDays(window)} as d
      left join per_day as p on p.n = d.n
      order by d.n`);
    return rowsOf<OpenResolvedRow>(result);
  },

  /** Mean hours from start to resolution, per type, of the incidents resolved in the window. */
  async timeToResolve(db: Executor, window: ChartWindow) {
    const meanHours = sql<number>`round((avg(extract(epoch from (${incidents.resolvedAt} - ${incidents.startsAt}))) / 3600)::numeric, 2)::float8`;
    return db
      .select({
        type: sql<IncidentType>`${incidents.type}`,
        resolved: sql<number>`count(*)::int`,
        meanHours,
      })
      .from(incidents)
      .where(
        and(
          window.scope,
          gte(incidents.resolvedAt, window.from),
          lt(incidents.resolvedAt, window.end),
        ),
      )
      .groupBy(incidents.type)
      .orderBy(desc(meanHours), asc(incidents.type));
  },

  /**
   * Distinct sites and shipments exposed some time each day: an exposure row is live from the
   * day it was first seen to the day it was cleared (or to the window's end while it is not).
   */
  async exposureByDay(db: Executor, window: ChartWindow): Promise<ExposureDayRow[]> {
    const last = window.days - 1;
    const result = await db.execute(sql`
      with live as (
        select ${exposures.targetKind} as kind, ${exposures.targetId} as target,
          greatest(0, ${dayIndex(window, sql`${exposures.firstSeenAt}`)}) as first_day,
          case when ${exposures.state} = 'CLEARED'
            then least(${last}::int, ${dayIndex(window, sql`${exposures.lastChangedAt}`)})
            else ${last}::int end as last_day
        from ${exposures}
        where ${liveInWindow(window)}
      ),
      per_day as (
        select n,
          (count(distinct target) filter (where kind = 'SITE'))::int as sites,
          (count(distinct target) filter (where kind = 'SHIPMENT'))::int as shipments
        from live cross join lateral generate_series(first_day, last_day) as n
        group by n
      )
      select d.day, coalesce(p.sites, 0) as sites, coalesce(p.shipments, 0) as shipments
      from ${windowDays(window)} as d
      left join per_day as p on p.n = d.n
      order by d.n`);
    return rowsOf<ExposureDayRow>(result);
  },

  /**
   * The value at risk of the incidents active each day, summed: what the organization stood
   * to lose from what was going on that day (each incident's figure as last computed).
   */
  async valueAtRiskByDay(db: Executor, window: ChartWindow, currency: string) {
    const result = await db.execute(sql`
      with valued as ${valuedInWindow(window, currency)},
      per_day as (
        select n, sum(amount)::float8 as amount, count(*)::int as incidents
        from valued cross join lateral generate_series(first_day, last_day) as n
        group by n
      )
      select d.day, coalesce(p.amount, 0)::float8 as amount, coalesce(p.incidents, 0) as incidents
      from ${windowDays(window)} as d
      left join per_day as p on p.n = d.n
      order by d.n`);
    return rowsOf<ValueDayRow>(result);
  },

  /** The value at risk of the incidents active in the window, by incident type, largest first. */
  async valueAtRiskByType(db: Executor, window: ChartWindow, currency: string) {
    const result = await db.execute(sql`
      select type, sum(amount)::float8 as amount, count(*)::int as incidents
      from ${valuedInWindow(window, currency)} as valued
      group by type
      order by 2 desc, 1`);
    return rowsOf<ValueByTypeRow>(result);
  },

  /**
   * The organization's supplier sites by their part of the value at risk of the incidents
   * active in the window (each incident's figure as last computed), largest first.
   */
  async valueAtRiskBySupplier(db: Executor, window: ChartWindow, currency: string, limit: number) {
    const result = await db.execute(sql`
      with parts as (
        select part->>'siteId' as site_id, (part->>'amount')::float8 as amount, valued.id
        from ${valuedInWindow(window, currency)} as valued
        cross join lateral jsonb_array_elements(valued.site_values) as part
      )
      select ${sites.id} as id, ${sites.name} as name, sum(parts.amount)::float8 as amount,
        count(distinct parts.id)::int as incidents
      from parts
      join ${sites} on ${sites.id}::text = parts.site_id
        and ${sites.organizationId} = ${window.organizationId} and ${sites.kind} = 'SUPPLIER'
      group by ${sites.id}, ${sites.name}
      order by 3 desc, 2, 1
      limit ${limit}`);
    return rowsOf<ValueBySupplierRow>(result);
  },

  /** The organization's suppliers reached by the most distinct incidents in the window. */
  topSuppliers(db: Executor, window: ChartWindow, limit: number) {
    const reached = countDistinct(exposures.incidentId);
    return db
      .select({
        id: sites.id,
        name: sites.name,
        incidents: sql<number>`${reached}::int`,
        annualSpend: sites.annualSpend,
        currency: sites.currency,
      })
      .from(exposures)
      .innerJoin(sites, sql`${sites.id}::text = ${exposures.targetId}`)
      .where(
        and(
          liveInWindow(window),
          eq(exposures.targetKind, 'SITE'),
          eq(sites.organizationId, window.organizationId),
          eq(sites.kind, 'SUPPLIER'),
        ),
      )
      .groupBy(sites.id)
      .orderBy(desc(reached), asc(sites.name), asc(sites.id))
      .limit(limit);
  },

  /** Origin → destination pairs with the most distinct exposed shipments in the window. */
  topLanes(db: Executor, window: ChartWindow, limit: number) {
    const exposed = countDistinct(shipments.id);
    const reached = countDistinct(exposures.incidentId);
    return db
      .select({
        origin: shipments.origin,
        destination: shipments.destination,
        shipments: sql<number>`${exposed}::int`,
        incidents: sql<number>`${reached}::int`,
      })
      .from(exposures)
      .innerJoin(shipments, eq(shipments.id, exposures.targetId))
      .where(
        and(
          liveInWindow(window),
          eq(exposures.targetKind, 'SHIPMENT'),
          eq(shipments.organizationId, window.organizationId),
        ),
      )
      .groupBy(shipments.origin, shipments.destination)
      .orderBy(desc(exposed), desc(reached), asc(shipments.origin), asc(shipments.destination))
      .limit(limit);
  },
};
