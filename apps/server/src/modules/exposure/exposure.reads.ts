import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  type Criticality,
  type IncidentImpact,
  type Priority,
  type SiteRevenue,
  convertTotals,
  isInReach,
} from '@meridian/contracts';
import { type Executor, rowsOf } from '../../db/client.js';
import {
  exposurePeaks,
  exposures,
  incidentImpacts,
  incidents,
  shipments,
  sites,
} from '../../db/schema.js';
import { matchableShipmentColumns } from './exposure.repository.js';
import { toIncidentImpact } from './exposure.mapper.js';
import { impactRepository } from './impact.repository.js';

import { assessmentsReads } from '../assessments/assessments.reads.js';
import { currencyBookOf } from '../settings/settings.reads.js';
import { assessedSites } from './assessed-sites.js';
import {
  type ValuedShipment,
  type ValuedSite,
  siteLoss,
  valueAtRisk,
  withSupplies,
} from './value-at-risk.js';

/** The value an incident puts at risk, for modules that already hold its exposed rows. */
export { valueAtRisk } from './value-at-risk.js';

/**
 * What an incident's figures count: the rows in reach now (NOW), or, once none is, every row
 * it reached while active (WHILE_ACTIVE).
 */
export function countedRows<
  Site extends { exposure: { state: string } },
  Shipment extends { exposure: { state: string } },
>(
  sites: readonly Site[],
  shipments: readonly Shipment[],
): { basis: 'NOW' | 'WHILE_ACTIVE'; sites: Site[]; shipments: Shipment[] } {
  const live = (row: { exposure: { state: string } }) => isInReach(row.exposure);
  return sites.some(live) || shipments.some(live)
    ? { basis: 'NOW', sites: sites.filter(live), shipments: shipments.filter(live) }
    : { basis: 'WHILE_ACTIVE', sites: [...sites], shipments: [...shipments] };
}

/** The exposure comes from one of the organization's own incidents (the ORG scope). */
const ofOwnIncident = (organizationId: string) =>
  sql`exists (select 1 from ${incidents} where ${incidents.id} = ${exposures.incidentId} and ${incidents.organizationId} = ${organizationId})`;

const shipmentExposureVersionSql = (organizationId: string) =>
  sql`(select count(*) || '/' || coalesce(max(${exposures.id}), 0) || '/' || coalesce(max(${exposures.lastChangedAt})::text, '')
    from ${exposures} where ${exposures.organizationId} = ${organizationId} and ${exposures.targetKind} = 'SHIPMENT')`;

/** Queries behind the exposure screens (one organization's view). */
export const exposureReads = {
  /** The incident's priority for the organization as last computed (null: none). */
  async priorityOf(db: Executor, incidentId: string, organizationId: string) {
    return (await impactRepository.storedOf(db, incidentId, organizationId))?.priority ?? null;
  },

  /**
   * Each site's revenue per day that depends on it (as value at risk counts it), in the
   * organization's currency, by site id; a site with none known is left out.
   */
  async dependentRevenueOf(
    db: Executor,
    organizationId: string,
    valued: readonly Omit<ValuedSite, 'supplies'>[],
  ): Promise<Map<string, SiteRevenue>> {
    if (valued.length === 0) return new Map();
    const dependents = await impactRepository.productsOfSites(
      db,
      organizationId,
      valued.map((site) => site.id),
    );
    const book = await currencyBookOf(db, organizationId);
    const found = new Map<string, SiteRevenue>();
    for (const site of valued) {
      const supplies = dependents.get(site.id) ?? [];
      const loss = siteLoss({ ...site, supplies }, 0);
      if (!loss.known) continue;
      const total = convertTotals(loss.perDay, book);
      found.set(site.id, {
        perDay: Math.round(total.amount * 100) / 100,
        currency: total.currency,
        from: supplies.length > 0 ? 'PRODUCTS' : 'SITE',
        products: supplies.filter((product) => product.revenuePerDay !== null).length,
        unconverted: total.unconverted,
      });
    }
    return found;
  },

  /** The incidents' priorities and values at risk for the organization, by incident. */
  async impactsOf(
    db: Executor,
    organizationId: string,
    incidentIds: readonly string[],
  ): Promise<Map<string, IncidentImpact>> {
    const rows = await impactRepository.of(db, organizationId, incidentIds);
    return new Map(rows.map((row) => [row.incidentId, toIncidentImpact(row)]));
  },

  /** An incident's exposures of the organization's sites (live ones, or all), nearest first. */
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

  /**
   * What value at risk and priority are made of, and no more: the state and distance of each
   * site the incident ever reached, with the site's values (the engine reads this on every
   * recompute that changes something; whole rows cost it most of its time at scale).
   */
  valuedSitesOf(db: Executor, incidentId: string, organizationId: string) {
    return db
      .select({
        exposure: {
          state: exposures.state,
          distanceKm: exposures.distanceKm,
          firstExposedAt: exposures.firstExposedAt,
        },
        site: {
          id: sites.id,
          criticality: sites.criticality,
          revenuePerDay: sites.revenuePerDay,
          recoveryDays: sites.recoveryDays,
          currency: sites.currency,
        },
      })
      .from(exposures)
      .innerJoin(sites, eq(sites.id, sql`${exposures.targetId}::uuid`))
      .where(
        and(
          eq(exposures.incidentId, incidentId),
          eq(exposures.organizationId, organizationId),
          eq(exposures.targetKind, 'SITE'),
        ),
      );
  },

  /** The same for shipments: their state, distance and cargo value. */
  /**
   * The incident's shipments for value at risk and priority, summed in the database: one row
   * per state (in reach or cleared), currency and whether the cargo value is known, with how
   * many shipments it stands for, their cargo summed and the nearest one's distance.
   */
  async valuedShipmentsOf(db: Executor, incidentId: string, organizationId: string) {
    const live = sql<boolean>`${exposures.state} <> 'CLEARED'`;
    const valued = sql<boolean>`${shipments.cargoValue} is not null`;
    const rows = await db
      .select({
        live,
        valued,
        currency: shipments.cargoCurrency,
        count: sql<number>`count(*)::int`,
        amount: sql<number | null>`sum(${shipments.cargoValue})::float8`,
        nearestKm: sql<number>`min(${exposures.distanceKm})::float8`,
      })
      .from(exposures)
      .innerJoin(shipments, eq(shipments.id, exposures.targetId))
      .where(
        and(
          eq(exposures.incidentId, incidentId),
          eq(exposures.organizationId, organizationId),
          eq(exposures.targetKind, 'SHIPMENT'),
        ),
      )
      .groupBy(live, valued, shipments.cargoCurrency);
    return rows.map((row) => ({
      exposure: { state: row.live ? 'ONGOING' : 'CLEARED', distanceKm: row.nearestKm },
      shipment: {
        cargoValue: row.valued ? row.amount : null,
        cargoCurrency: row.currency,
        count: row.count,
      },
    }));
  },

  /** The incident's peaks for the organization (none: it never reached anything of it). */
  async peakOf(db: Executor, incidentId: string, organizationId: string) {
    const [row] = await db
      .select()
      .from(exposurePeaks)
      .where(
        and(
          eq(exposurePeaks.incidentId, incidentId),
          eq(exposurePeaks.organizationId, organizationId),
        ),
      );
    return row;
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

  /** Which incident (of its own only, or any) reaches which of the organization's sites now. */
  exposedSitesByIncident(db: Executor, organizationId: string, ownIncidentsOnly: boolean) {
    return db
      .select({ incidentId: exposures.incidentId, siteId: exposures.targetId })
      .from(exposures)
      .where(
        and(
          eq(exposures.organizationId, organizationId),
          eq(exposures.targetKind, 'SITE'),
          ne(exposures.state, 'CLEARED'),
          ownIncidentsOnly ? ofOwnIncident(organizationId) : undefined,
        ),
      );
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
      .then((result) => rowsOf<{ version: string }>(result));
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

  /** The sites and shipments each of these incidents reaches of the organization now. */
  async liveCountsOf(
    db: Executor,
    organizationId: string,
    incidentIds: readonly string[],
  ): Promise<Map<string, { sites: number; shipments: number }>> {
    if (incidentIds.length === 0) return new Map();
    const rows = await db
      .select({
        incidentId: exposures.incidentId,
        sites: sql<number>`(count(*) filter (where ${exposures.targetKind} = 'SITE'))::int`,
        shipments: sql<number>`(count(*) filter (where ${exposures.targetKind} = 'SHIPMENT'))::int`,
      })
      .from(exposures)
      .where(
        and(
          eq(exposures.organizationId, organizationId),
          inArray(exposures.incidentId, [...incidentIds]),
          ne(exposures.state, 'CLEARED'),
        ),
      )
      .groupBy(exposures.incidentId);
    return new Map(rows.map(({ incidentId, ...counts }) => [incidentId, counts]));
  },

  /**
   * Per incident, the organization's sites it reaches now that matter most: the most critical
   * first, then the nearest; `limit` each.
   */
  async topSitesOf(
    db: Executor,
    organizationId: string,
    incidentIds: readonly string[],
    limit = 5,
  ): Promise<Map<string, { name: string; criticality: Criticality }[]>> {
    if (incidentIds.length === 0) return new Map();
    const result = await db.execute(
      sql`select incident_id, name, criticality from (
        select exposure.incident_id, site.name, site.criticality,
          row_number() over (partition by exposure.incident_id order by
            case site.criticality when 'CRITICAL' then 4 when 'HIGH' then 3 when 'MEDIUM' then 2 else 1 end desc,
            exposure.distance_km, site.name) as position
        from ${exposures} exposure join ${sites} site on site.id::text = exposure.target_id
        where exposure.organization_id = ${organizationId} and exposure.target_kind = 'SITE'
          and exposure.state <> 'CLEARED'
          and exposure.incident_id in (${sql.join(
            incidentIds.map((id) => sql`${id}`),
            sql`, `,
          )})
      ) ranked where position <= ${limit} order by incident_id, position`,
    );
    const top = new Map<string, { name: string; criticality: Criticality }[]>();
    for (const row of rowsOf<{ incident_id: string; name: string; criticality: Criticality }>(
      result,
    )) {
      top.set(row.incident_id, [
        ...(top.get(row.incident_id) ?? []),
        { name: row.name, criticality: row.criticality },
      ]);
    }
    return top;
  },

  /** Live exposure counts per incident for the organization. */
  summary(db: Executor, organizationId: string) {
    return db
      .select({
        incidentId: exposures.incidentId,
        sites: sql<number>`(count(*) filter (where ${exposures.targetKind} = 'SITE'))::int`,
        shipments: sql<number>`(count(*) filter (where ${exposures.targetKind} = 'SHIPMENT'))::int`,
        // Names written whole: drizzle leaves a one-table query's columns unqualified.
        priority: sql<Priority | null>`(select impact.priority from ${incidentImpacts} impact
          where impact.incident_id = "exposures"."incident_id"
            and impact.organization_id = ${organizationId})`,
      })
      .from(exposures)
      .where(and(eq(exposures.organizationId, organizationId), ne(exposures.state, 'CLEARED')))
      .groupBy(exposures.incidentId);
  },
};

/**
 * An incident's value at risk for the organization from rows read for it (the event page, the
 * analyst): the same sums as the kept impact, with the products the sites supply.
 */
export async function valueAtRiskOfRows(
  db: Executor,
  organizationId: string,
  incident: Parameters<typeof valueAtRisk>[0] & { id: string },
  rows: {
    sites: readonly {
      exposure: { firstExposedAt: Date };
      site: Omit<ValuedSite, 'supplies'>;
    }[];
    shipments: readonly { shipment: ValuedShipment }[];
  },
  book: Parameters<typeof valueAtRisk>[2],
  basis: Parameters<typeof valueAtRisk>[3],
) {
  const assessed = await assessmentsReads.statesOf(db, incident.id, organizationId);
  const sites = assessedSites(rows.sites, assessed.bySite);
  const dependents = await impactRepository.productsOfSites(
    db,
    organizationId,
    sites.map(({ site }) => site.id),
  );
  return valueAtRisk(incident, withSupplies(sites, rows.shipments, dependents), book, basis);
}
