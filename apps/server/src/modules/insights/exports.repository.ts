import { type SQL, and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { exposures, incidents } from '../../db/schema.js';

/** The rows behind the CSV exports, scoped by organization. */
export const exportsRepository = {
  /** Every incident the organization sees (newest first), with its live exposure counts. */
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
    return db
      .select({
        incident: incidents,
        sites: sql<number>`coalesce(${live.sites}, 0)::int`,
        shipments: sql<number>`coalesce(${live.shipments}, 0)::int`,
      })
      .from(incidents)
      .leftJoin(live, eq(live.incidentId, incidents.id))
      .where(scope)
      .orderBy(desc(incidents.startsAt), desc(incidents.id));
  },
};
