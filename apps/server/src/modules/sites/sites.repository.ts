import { likePattern } from '../../db/text-search.js';
import { type SQL, and, eq, ilike, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { SiteListQuery } from '@meridian/contracts';
import { type BulkColumn, bulkUpsert } from '../../db/bulk.js';
import type { Executor } from '../../db/client.js';
import { countWhere, findOwned } from '../../db/scoped.js';
import { type SortPart, exactTimestamp, keyOf, keysetAfter, orderOf } from '../../db/keyset.js';
import { exposures, incidents, sites } from '../../db/schema.js';

export type SiteRow = typeof sites.$inferSelect;
export type NewSite = typeof sites.$inferInsert;
/** The columns a write sets (everything but keys and timestamps). */
export type SiteColumns = Omit<NewSite, 'id' | 'organizationId' | 'createdAt' | 'updatedAt'>;

export type SiteFilters = Pick<SiteListQuery, 'q' | 'kind' | 'criticality' | 'archived'>;

const criticalityRank = sql<number>`(case ${sites.criticality} when 'CRITICAL' then 4 when 'HIGH' then 3 when 'MEDIUM' then 2 else 1 end)`;
const lowerName = sql<string>`lower(${sites.name})`;
/** Sites without a tier sort after tier 3. */
const tierOrNine = sql<number>`coalesce(${sites.tier}, 9)`;
const id = sql<string>`${sites.id}::text`;

/** Each sort's order, and the values of a row that a cursor keeps. */
export const SITE_SORTS = {
  name: [{ expression: lowerName }, { expression: id }],
  criticality: [
    { expression: criticalityRank, descending: true },
    { expression: lowerName },
    { expression: id },
  ],
  tier: [{ expression: tierOrNine }, { expression: lowerName }, { expression: id }],
  updatedAt: [
    {
      expression: sql`${sites.updatedAt}`,
      descending: true,
      value: exactTimestamp(sites.updatedAt),
    },
    { expression: id, descending: true },
  ],
} satisfies Record<SiteListQuery['sort'], SortPart[]>;

const filterConditions = (organizationId: string, filters: SiteFilters): (SQL | undefined)[] => [
  eq(sites.organizationId, organizationId),
  filters.archived === 'true' ? isNotNull(sites.archivedAt) : isNull(sites.archivedAt),
  filters.kind ? eq(sites.kind, filters.kind) : undefined,
  filters.criticality ? eq(sites.criticality, filters.criticality) : undefined,
  filters.q
    ? or(
        ilike(sites.name, likePattern(filters.q)),
        ilike(sites.externalRef, likePattern(filters.q)),
        ilike(sites.city, likePattern(filters.q)),
        sql`${sites.products}::text ilike ${likePattern(filters.q)}`,
      )
    : undefined,
];

/** Live exposures of a site: not cleared (the engine clears them when an incident ends). */
const activeExposures = sql<number>`(select count(*) from ${exposures} as live
  where live.target_kind = 'SITE' and live.target_id = ${sql.raw('"sites"."id"')}::text
  and live.state <> 'CLEARED')::int`;

/** The bulk write's columns, in one place for inserts and updates. */
const BULK_COLUMNS: Record<keyof SiteColumns | 'organizationId', BulkColumn<NewSite>> = {
  organizationId: {
    column: sites.organizationId,
    type: 'uuid',
    value: (row) => row.organizationId,
  },
  externalRef: { column: sites.externalRef, type: 'text', value: (row) => row.externalRef ?? null },
  name: { column: sites.name, type: 'text', value: (row) => row.name },
  kind: { column: sites.kind, type: 'text', value: (row) => row.kind ?? 'SUPPLIER' },
  tier: { column: sites.tier, type: 'int4', value: (row) => row.tier ?? null },
  criticality: {
    column: sites.criticality,
    type: 'text',
    value: (row) => row.criticality ?? 'MEDIUM',
  },
  address: { column: sites.address, type: 'text', value: (row) => row.address ?? null },
  city: { column: sites.city, type: 'text', value: (row) => row.city ?? null },
  countryCode: { column: sites.countryCode, type: 'text', value: (row) => row.countryCode ?? null },
  lat: { column: sites.lat, type: 'float8', value: (row) => row.lat ?? null },
  lng: { column: sites.lng, type: 'float8', value: (row) => row.lng ?? null },
  products: {
    column: sites.products,
    type: 'jsonb',
    value: (row) => JSON.stringify(row.products ?? []),
  },
  contactName: { column: sites.contactName, type: 'text', value: (row) => row.contactName ?? null },
  contactEmail: {
    column: sites.contactEmail,
    type: 'text',
    value: (row) => row.contactEmail ?? null,
  },
  contactPhone: {
    column: sites.contactPhone,
    type: 'text',
    value: (row) => row.contactPhone ?? null,
  },
  annualSpend: {
    column: sites.annualSpend,
    type: 'float8',
    value: (row) => row.annualSpend ?? null,
  },
  revenuePerDay: {
    column: sites.revenuePerDay,
    type: 'float8',
    value: (row) => row.revenuePerDay ?? null,
  },
  recoveryDays: {
    column: sites.recoveryDays,
    type: 'int4',
    value: (row) => row.recoveryDays ?? null,
  },
  currency: { column: sites.currency, type: 'text', value: (row) => row.currency ?? null },
  archivedAt: {
    column: sites.archivedAt,
    type: 'timestamptz',
    value: (row) => row.archivedAt?.toISOString() ?? null,
  },
};

/** Queries on sites, each scoped to one organization. */
export const sitesRepository = {
  page(
    db: Executor,
    organizationId: string,
    options: {
      filters: SiteFilters;
      sort: SiteListQuery['sort'];
      limit: number;
      after: readonly (string | number)[] | null;
    },
  ) {
    const parts = SITE_SORTS[options.sort];
    return db
      .select({
        site: sites,
        activeExposures,
        key: keyOf(parts),
      })
      .from(sites)
      .where(
        and(
          ...filterConditions(organizationId, options.filters),
          options.after ? keysetAfter(parts, options.after) : undefined,
        ),
      )
      .orderBy(...orderOf(parts))
      .limit(options.limit);
  },

  count(db: Executor, organizationId: string, filters: SiteFilters): Promise<number> {
    return countWhere(db, sites, filterConditions(organizationId, filters));
  },

  find(
    db: Executor,
    organizationId: string,
    siteId: string,
    lock = false,
  ): Promise<SiteRow | undefined> {
    return findOwned(db, sites, organizationId, siteId, lock);
  },

  async activeExposureCount(db: Executor, siteId: string): Promise<number> {
    const [row] = await db
      .select({ count: activeExposures })
      .from(sites)
      .where(eq(sites.id, siteId));
    return row?.count ?? 0;
  },

  async insert(db: Executor, values: NewSite): Promise<SiteRow> {
    const [row] = await db.insert(sites).values(values).returning();
    if (!row) throw new Error('site not inserted');
    return row;
  },

  async update(
    db: Executor,
    organizationId: string,
    siteId: string,
    values: Partial<SiteColumns>,
  ): Promise<SiteRow> {
    const [row] = await db
      .update(sites)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(sites.organizationId, organizationId), eq(sites.id, siteId)))
      .returning();
    if (!row) throw new Error('site not updated');
    return row;
  },

  /** Which of these external references the organization's sites already use. */
  async knownRefs(db: Executor, organizationId: string, refs: readonly string[]) {
    const known = new Set<string>();
    for (let start = 0; start < refs.length; start += 5000) {
      const rows = await db
        .select({ ref: sites.externalRef })
        .from(sites)
        .where(
          and(
            eq(sites.organizationId, organizationId),
            inArray(sites.externalRef, refs.slice(start, start + 5000)),
          ),
        );
      for (const row of rows) if (row.ref) known.add(row.ref);
    }
    return known;
  },

  /** Another site of the organization with this external reference. */
  async findByRef(db: Executor, organizationId: string, ref: string, exceptId?: string) {
    const [row] = await db
      .select({ id: sites.id })
      .from(sites)
      .where(
        and(
          eq(sites.organizationId, organizationId),
          eq(sites.externalRef, ref),
          exceptId ? ne(sites.id, exceptId) : undefined,
        ),
      );
    return row;
  },

  /**
   * Creates each row, or updates the site its externalRef names. Only `update`'s columns
   * change on an existing site; the rows' other columns apply to new ones.
   */
  upsert(
    db: Executor,
    rows: readonly NewSite[],
    update: readonly (keyof SiteColumns)[],
    onBatch?: (done: number) => Promise<void> | void,
  ) {
    return bulkUpsert(
      db,
      sites,
      Object.values(BULK_COLUMNS),
      rows,
      {
        columns: [sites.organizationId, sites.externalRef],
        where: sql`external_ref is not null`,
        update: update.map((column) => BULK_COLUMNS[column].column),
        returning: sites.id,
      },
      onBatch,
    );
  },

  /** Incidents reaching the site now (or ever, with cleared), nearest first. */
  exposuresOf(db: Executor, organizationId: string, siteId: string, withCleared: boolean) {
    return db
      .select({ exposure: exposures, incident: incidents })
      .from(exposures)
      .innerJoin(incidents, eq(incidents.id, exposures.incidentId))
      .where(
        and(
          eq(exposures.organizationId, organizationId),
          eq(exposures.targetKind, 'SITE'),
          eq(exposures.targetId, siteId),
          withCleared ? undefined : ne(exposures.state, 'CLEARED'),
        ),
      )
      .orderBy(exposures.distanceKm);
  },
};
