import {
  type SQL,
  and,
  asc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { ProductListQuery } from '@meridian/contracts';
import { type BulkColumn, bulkInsert, bulkUpsert } from '../../db/bulk.js';
import type { Executor } from '../../db/client.js';
import { countWhere, findOwned } from '../../db/scoped.js';
import { type SortPart, exactTimestamp, keyOf, keysetAfter, orderOf } from '../../db/keyset.js';
import { likePattern } from '../../db/text-search.js';
import { exposures, productParts, products, sites } from '../../db/schema.js';

export type ProductRow = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
/** The columns a write sets (everything but keys and timestamps). */
export type ProductColumns = Omit<
  NewProduct,
  'id' | 'organizationId' | 'createdAt' | 'updatedAt' | 'sku'
>;
export type NewPart = Omit<typeof productParts.$inferInsert, 'id'>;

export type ProductFilters = Pick<ProductListQuery, 'q' | 'siteId' | 'archived'>;

const lowerName = sql<string>`lower(${products.name})`;
const id = sql<string>`${products.id}::text`;
/** Products without a revenue sort last. */
const revenue = sql<number>`coalesce(${products.revenuePerDay}, -1)`;

/** Each sort's order, and the values of a row that a cursor keeps. */
export const PRODUCT_SORTS = {
  name: [{ expression: lowerName }, { expression: id }],
  revenue: [
    { expression: revenue, descending: true },
    { expression: lowerName },
    { expression: id },
  ],
  updatedAt: [
    {
      expression: sql`${products.updatedAt}`,
      descending: true,
      value: exactTimestamp(products.updatedAt),
    },
    { expression: id, descending: true },
  ],
} satisfies Record<ProductListQuery['sort'], SortPart[]>;

const filterConditions = (organizationId: string, filters: ProductFilters): (SQL | undefined)[] => [
  eq(products.organizationId, organizationId),
  filters.archived === 'true' ? isNotNull(products.archivedAt) : isNull(products.archivedAt),
  filters.siteId
    ? sql`exists (select 1 from ${productParts} where ${productParts.productId} = ${products.id} and ${productParts.siteId} = ${filters.siteId})`
    : undefined,
  filters.q
    ? or(
        ilike(products.sku, likePattern(filters.q)),
        ilike(products.name, likePattern(filters.q)),
        sql`exists (select 1 from ${productParts} where ${productParts.productId} = ${products.id} and ${productParts.part} ilike ${likePattern(filters.q)})`,
      )
    : undefined,
];

const PRODUCT_COLUMNS: Record<
  keyof ProductColumns | 'organizationId' | 'sku',
  BulkColumn<NewProduct>
> = {
  organizationId: {
    column: products.organizationId,
    type: 'uuid',
    value: (row) => row.organizationId,
  },
  sku: { column: products.sku, type: 'text', value: (row) => row.sku },
  name: { column: products.name, type: 'text', value: (row) => row.name },
  revenuePerDay: {
    column: products.revenuePerDay,
    type: 'float8',
    value: (row) => row.revenuePerDay ?? null,
  },
  currency: { column: products.currency, type: 'text', value: (row) => row.currency ?? null },
  coverDays: { column: products.coverDays, type: 'float8', value: (row) => row.coverDays ?? 0 },
  archivedAt: {
    column: products.archivedAt,
    type: 'timestamptz',
    value: (row) => row.archivedAt?.toISOString() ?? null,
  },
};

const PART_COLUMNS: BulkColumn<NewPart>[] = [
  { column: productParts.organizationId, type: 'uuid', value: (row) => row.organizationId },
  { column: productParts.productId, type: 'uuid', value: (row) => row.productId },
  { column: productParts.part, type: 'text', value: (row) => row.part },
  { column: productParts.siteId, type: 'uuid', value: (row) => row.siteId },
  { column: productParts.share, type: 'float8', value: (row) => row.share ?? 1 },
  { column: productParts.singleSource, type: 'bool', value: (row) => row.singleSource ?? false },
  { column: productParts.position, type: 'int4', value: (row) => row.position },
];

/** Rows per statement when lines are deleted or read by many products at once. */
const ID_BATCH = 5_000;

/** Queries on products and their bills of materials, each scoped to one organization. */
export const productsRepository = {
  page(
    db: Executor,
    organizationId: string,
    options: {
      filters: ProductFilters;
      sort: ProductListQuery['sort'];
      limit: number;
      after: readonly (string | number)[] | null;
    },
  ) {
    const parts = PRODUCT_SORTS[options.sort];
    return db
      .select({ product: products, key: keyOf(parts) })
      .from(products)
      .where(
        and(
          ...filterConditions(organizationId, options.filters),
          options.after ? keysetAfter(parts, options.after) : undefined,
        ),
      )
      .orderBy(...orderOf(parts))
      .limit(options.limit);
  },

  count(db: Executor, organizationId: string, filters: ProductFilters): Promise<number> {
    return countWhere(db, products, filterConditions(organizationId, filters));
  },

  find(
    db: Executor,
    organizationId: string,
    productId: string,
    lock = false,
  ): Promise<ProductRow | undefined> {
    return findOwned(db, products, organizationId, productId, lock);
  },

  /** Another product of the organization with this SKU. */
  async findBySku(db: Executor, organizationId: string, sku: string, exceptId?: string) {
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.organizationId, organizationId),
          eq(products.sku, sku),
          exceptId ? ne(products.id, exceptId) : undefined,
        ),
      );
    return row;
  },

  /** The lines of these products' bills of materials, with their sites, in entered order. */
  async partsOf(db: Executor, organizationId: string, productIds: readonly string[]) {
    const rows: {
      productId: string;
      part: string;
      share: number;
      singleSource: boolean;
      site: { id: string; name: string; externalRef: string | null };
    }[] = [];
    for (let start = 0; start < productIds.length; start += ID_BATCH) {
      rows.push(
        ...(await db
          .select({
            productId: productParts.productId,
            part: productParts.part,
            share: productParts.share,
            singleSource: productParts.singleSource,
            site: { id: sites.id, name: sites.name, externalRef: sites.externalRef },
          })
          .from(productParts)
          .innerJoin(sites, eq(sites.id, productParts.siteId))
          .where(
            and(
              eq(productParts.organizationId, organizationId),
              inArray(productParts.productId, productIds.slice(start, start + ID_BATCH)),
            ),
          )
          .orderBy(asc(productParts.productId), asc(productParts.position))),
      );
    }
    return rows;
  },

  /** How many of each product's supplying sites an incident reaches now. */
  async sitesExposed(db: Executor, organizationId: string, productIds: readonly string[]) {
    if (productIds.length === 0) return new Map<string, number>();
    const rows = await db
      .select({
        productId: productParts.productId,
        count: sql<number>`count(distinct ${productParts.siteId})::int`,
      })
      .from(productParts)
      .where(
        and(
          eq(productParts.organizationId, organizationId),
          inArray(productParts.productId, [...productIds]),
          sql`exists (select 1 from ${exposures} where ${exposures.organizationId} = ${organizationId}
            and ${exposures.targetKind} = 'SITE' and ${exposures.targetId} = ${productParts.siteId}::text
            and ${exposures.state} <> 'CLEARED')`,
        ),
      )
      .groupBy(productParts.productId);
    return new Map(rows.map((row) => [row.productId, row.count]));
  },

  async insert(db: Executor, values: NewProduct): Promise<ProductRow> {
    const [row] = await db.insert(products).values(values).returning();
    if (!row) throw new Error('product not inserted');
    return row;
  },

  async update(
    db: Executor,
    organizationId: string,
    productId: string,
    values: Partial<ProductColumns> & { sku?: string },
  ): Promise<ProductRow> {
    const [row] = await db
      .update(products)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(products.organizationId, organizationId), eq(products.id, productId)))
      .returning();
    if (!row) throw new Error('product not updated');
    return row;
  },

  /** Replaces the bills of materials of these products with `lines`. */
  async replaceParts(
    db: Executor,
    organizationId: string,
    productIds: readonly string[],
    lines: readonly NewPart[],
  ): Promise<void> {
    for (let start = 0; start < productIds.length; start += ID_BATCH) {
      await db
        .delete(productParts)
        .where(
          and(
            eq(productParts.organizationId, organizationId),
            inArray(productParts.productId, productIds.slice(start, start + ID_BATCH)),
          ),
        );
    }
    for (let start = 0; start < lines.length; start += ID_BATCH) {
      await bulkInsert(db, productParts, PART_COLUMNS, lines.slice(start, start + ID_BATCH));
    }
  },

  /**
   * Creates each row, or updates the product its SKU names. Only `update`'s columns change on
   * an existing product; answers each row's id in order.
   */
  upsert(
    db: Executor,
    rows: readonly NewProduct[],
    update: readonly (keyof ProductColumns)[],
    onBatch?: (done: number) => Promise<void> | void,
  ) {
    return bulkUpsert(
      db,
      products,
      Object.values(PRODUCT_COLUMNS),
      rows,
      {
        columns: [products.organizationId, products.sku],
        update: update.map((column) => PRODUCT_COLUMNS[column].column),
        returning: products.id,
      },
      onBatch,
    );
  },

  /** Which of these sites are the single source of a part of one of the organization's products. */
  async singleSourceSites(db: Executor, organizationId: string, siteIds: readonly string[]) {
    if (siteIds.length === 0) return new Set<string>();
    const rows = await db
      .select({ id: productParts.siteId })
      .from(productParts)
      .where(
        and(
          eq(productParts.organizationId, organizationId),
          eq(productParts.singleSource, true),
          inArray(productParts.siteId, [...siteIds]),
        ),
      );
    return new Set(rows.map((row) => row.id));
  },

  /** Which of these ids are sites of the organization. */
  async siteIds(db: Executor, organizationId: string, ids: readonly string[]) {
    const found = new Set<string>();
    for (let start = 0; start < ids.length; start += ID_BATCH) {
      const rows = await db
        .select({ id: sites.id })
        .from(sites)
        .where(
          and(
            eq(sites.organizationId, organizationId),
            inArray(sites.id, ids.slice(start, start + ID_BATCH)),
          ),
        );
      for (const row of rows) found.add(row.id);
    }
    return found;
  },

  /** The organization's sites with these external references: reference → id. */
  async sitesByRef(db: Executor, organizationId: string, refs: readonly string[]) {
    const found = new Map<string, string>();
    for (let start = 0; start < refs.length; start += ID_BATCH) {
      const rows = await db
        .select({ id: sites.id, ref: sites.externalRef })
        .from(sites)
        .where(
          and(
            eq(sites.organizationId, organizationId),
            inArray(sites.externalRef, refs.slice(start, start + ID_BATCH)),
          ),
        );
      for (const row of rows) if (row.ref) found.set(row.ref, row.id);
    }
    return found;
  },
};
