import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { incidentImpacts, productParts, products, sites } from '../../db/schema.js';
import type { DependentProduct } from './value-at-risk.js';

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
          siteValues: impact.siteValues,
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

  /**
   * The organization's revenue per day, summed per currency (null: the organization's): its
   * products' when it has entered any, else its sites' (entered on them).
   */
  async revenuePerDay(db: Executor, organizationId: string) {
    const fromProducts = await db
      .select({
        currency: products.currency,
        amount: sql<number>`sum(${products.revenuePerDay})::float8`,
      })
      .from(products)
      .where(
        and(
          eq(products.organizationId, organizationId),
          isNull(products.archivedAt),
          sql`${products.revenuePerDay} is not null`,
        ),
      )
      .groupBy(products.currency);
    if (fromProducts.length > 0) return fromProducts;
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

  /** Changes whenever a product of the organization or its bill of materials is written. */
  async productsVersion(db: Executor, organizationId: string): Promise<string> {
    const [row] = await db
      .select({
        version: sql<string>`count(*) || '/' || coalesce(max(${products.updatedAt})::text, '')`,
      })
      .from(products)
      .where(eq(products.organizationId, organizationId));
    return row?.version ?? '';
  },

  /** The unarchived products each of these sites supplies a part of. */
  async productsOfSites(
    db: Executor,
    organizationId: string,
    siteIds: readonly string[],
  ): Promise<Map<string, DependentProduct[]>> {
    const found = new Map<string, DependentProduct[]>();
    for (let start = 0; start < siteIds.length; start += 5_000) {
      const rows = await db
        .select({
          siteId: productParts.siteId,
          revenuePerDay: products.revenuePerDay,
          currency: products.currency,
          coverDays: products.coverDays,
          share: sql<number>`max(${productParts.share})::float8`,
          singleSource: sql<boolean>`bool_or(${productParts.singleSource})`,
        })
        .from(productParts)
        .innerJoin(products, eq(products.id, productParts.productId))
        .where(
          and(
            eq(productParts.organizationId, organizationId),
            isNull(products.archivedAt),
            inArray(productParts.siteId, siteIds.slice(start, start + 5_000)),
          ),
        )
        .groupBy(productParts.siteId, products.id);
      for (const { siteId, ...product } of rows) {
        found.set(siteId, [...(found.get(siteId) ?? []), product]);
      }
    }
    return found;
  },
};
