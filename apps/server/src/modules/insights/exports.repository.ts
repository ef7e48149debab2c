import { type SQL, and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { exposurePeaks, exposures, incidents } from '../../db/schema.js';

/** The rows behind the CSV exports, scoped by organization. */
export const exportsRepository = {
  /**
   * Every incident the organization sees (newest first), with its live exposure counts and the
   * most it reached at once while active.
   */
  events(db: Executor, organizationId: string, scope: SQL | undefined) {
    const live = db
      .select({
        incidentId: exposures.incidentId,
        sites: sql<number>`(count(*) filter (where ${exposures.targetKind} = 'SITE'))::int`.as(
          'sites',
        ),
        shipments:
          sql<number>`(count(*) filter (where ${exposures.targetKind} = 'SHIPMENT'))::int`.as(
            'shipments',
          ),
      })
      .from(exposures)
      .where(and(eq(exposures.organizationId, organizationId), ne(exposures.state, 'CLEARED')))
      .groupBy(exposures.incidentId)
      .as('live');
    const peak = db
      .select({
        incidentId: exposurePeaks.incidentId,
        // Named apart from the live counts: drizzle writes an aliased column bare.
        sites: sql<number>`${exposurePeaks.sites}`.as('peak_sites'),
        shipments: sql<number>`${exposurePeaks.shipments}`.as('peak_shipments'),
      })
      .from(exposurePeaks)
      .where(eq(exposurePeaks.organizationId, organizationId))
      .as('peak');
    return db
      .select({
        incident: incidents,
        sites: sql<number>`coalesce(${live.sites}, 0)::int`,
        shipments: sql<number>`coalesce(${live.shipments}, 0)::int`,
        peakSites: sql<number>`coalesce(${peak.sites}, 0)::int`,
        peakShipments: sql<number>`coalesce(${peak.shipments}, 0)::int`,
      })
      .from(incidents)
      .leftJoin(live, eq(live.incidentId, incidents.id))
      .leftJoin(peak, eq(peak.incidentId, incidents.id))
      .where(scope)
      .orderBy(desc(incidents.startsAt), desc(incidents.id));
  },
};
