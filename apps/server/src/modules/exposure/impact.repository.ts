import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { incidentImpacts, sites } from '../../db/schema.js';

export type ImpactRow = typeof incidentImpacts.$inferSelect;
export type NewImpact = typeof incidentImpacts.$inferInsert;

/** The cache of each incident's priority and value at risk per organization. */
export const impactRepository = {
  /**
   * The priority last computed, and what it was made from (to skip a computation that would
   * change nothing); undefined when none was kept.
   */
  async storedOf(db: Executor, incidentId: string, organizationId: string) {
    const [row] = await db
      .select({ inputs: incidentImpacts.inputs, priority: incidentImpacts.priority })
      .from(incidentImpacts)
      .where(
        and(
          eq(incidentImpacts.incidentId, incidentId),
          eq(incidentImpacts.organizationId, organizationId),
        ),
      );
    return row;
  },

  async save(db: Executor, impact: NewImpact) {
    await db
      .insert(incidentImpacts)
      .values(impact)
      .onConflictDoUpdate({
        target: [incidentImpacts.incidentId, incidentImpacts.organizationId],
        set: {
          priority: impact.priority,
          priorityRank: impact.priorityRank,
          points: impact.points,
          valueAtRisk: impact.valueAtRisk,
          currency: impact.currency,
          basis: impact.basis,
          inputs: impact.inputs,
          computedAt: impact.computedAt,
        },
      });
  },

  /** The impacts of some incidents for one organization. */
  of(db: Executor, organizationId: string, incidentIds: readonly string[]) {
    if (incidentIds.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(incidentImpacts)
      .where(
        and(
          eq(incidentImpacts.organizationId, organizationId),
          inArray(incidentImpacts.incidentId, [...incidentIds]),
        ),
      );
  },

  /** The revenue per day of the organization's sites, summed per currency (null: the organization's). */
  revenuePerDay(db: Executor, organizationId: string) {
    return db
      .select({
        currency: sites.currency,
        amount: sql<number>`sum(${sites.revenuePerDay})::float8`,
      })
      .from(sites)
      .where(
        and(
          eq(sites.organizationId, organizationId),
          isNull(sites.archivedAt),
          sql`${sites.revenuePerDay} is not null`,
        ),
      )
      .groupBy(sites.currency);
  },
};
