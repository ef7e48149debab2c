import { type SQL, and, count, eq, isNull, sql } from 'drizzle-orm';
import type { OrganizationValues } from '@meridian/contracts';
import type { Executor } from '../../db/client.js';
import { organizations } from '../../db/schema.js';
import { containsText } from '../../db/text-search.js';
import type { CursorKey } from '../../lib/cursor.js';
import { Keyset } from '../../db/keyset-page.js';

export type OrganizationRow = typeof organizations.$inferSelect;

const toColumns = (values: Omit<OrganizationValues, 'id'>) => ({
  name: values.name,
  slug: values.slug,
  status: values.status,
  domain: values.domain,
  addressLine1: values.address_line1,
  city: values.city,
  state: values.state,
  zipCode: values.zip_code,
  country: values.country,
  phoneNumber: values.phone_number,
  website: values.website,
});

/** Soft-deleted organizations are hidden from every query. */
export const notDeleted = isNull(organizations.deletedAt);

/** Whom a list is for: every organization (platform admins), or only one. */
export type OrganizationVisibility = { all: true } | { only: string };

/** By name ignoring case, then id: the picker's and the table's order. */
const LIST_ORDER = new Keyset(
  [
    { value: sql`lower(${organizations.name})`, kind: 'text' },
    { value: organizations.id, kind: 'uuid' },
  ],
  'asc',
);

const organizationConditions = (visible: OrganizationVisibility, q: string | undefined): SQL[] =>
  [
    notDeleted,
    'only' in visible ? eq(organizations.id, visible.only) : undefined,
    q ? containsText(q, [organizations.name, organizations.slug]) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);

export const organizationsRepository = {
  async findById(db: Executor, id: string): Promise<OrganizationRow | undefined> {
    const [row] = await db
      .select()
      .from(organizations)
      .where(and(eq(organizations.id, id), notDeleted));
    return row;
  },

  async findBySlug(db: Executor, slug: string): Promise<OrganizationRow | undefined> {
    const [row] = await db.select().from(organizations).where(eq(organizations.slug, slug));
    return row;
  },

  /** The live organization that registered this e-mail domain (domains are exclusive). */
  async findByDomain(db: Executor, domain: string): Promise<OrganizationRow | undefined> {
    const [row] = await db
      .select()
      .from(organizations)
      .where(and(eq(sql`lower(${organizations.domain})`, domain.toLowerCase()), notDeleted));
    return row;
  },

  async findInternal(db: Executor): Promise<OrganizationRow | undefined> {
    const [row] = await db.select().from(organizations).where(eq(organizations.isInternal, true));
    return row;
  },

  /** The visible organizations matching the search, in list order. */
  list(
    db: Executor,
    visible: OrganizationVisibility,
    q: string | undefined,
  ): Promise<OrganizationRow[]> {
    return db
      .select()
      .from(organizations)
      .where(and(...organizationConditions(visible, q)))
      .orderBy(...LIST_ORDER.orderBy());
  },

  /** One page of them, each with its position. */
  listPage(
    db: Executor,
    visible: OrganizationVisibility,
    options: { q: string | undefined; after: CursorKey | null; limit: number },
  ): Promise<{ item: OrganizationRow; key: CursorKey }[]> {
    const conditions = organizationConditions(visible, options.q);
    return LIST_ORDER.rows(db, organizations, conditions, options.after, options.limit);
  },

  async count(
    db: Executor,
    visible: OrganizationVisibility,
    q: string | undefined,
  ): Promise<number> {
    const [row] = await db
      .select({ total: count() })
      .from(organizations)
      .where(and(...organizationConditions(visible, q)));
    return row?.total ?? 0;
  },

  async insert(
    db: Executor,
    values: Omit<OrganizationValues, 'id'>,
    extra: { isInternal?: boolean } = {},
  ): Promise<OrganizationRow> {
    const [row] = await db
      .insert(organizations)
      .values({ ...toColumns(values), isInternal: extra.isInternal ?? false })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(
    db: Executor,
    id: string,
    values: Omit<OrganizationValues, 'id'>,
  ): Promise<OrganizationRow> {
    const [row] = await db
      .update(organizations)
      .set({ ...toColumns(values), updatedAt: new Date() })
      .where(eq(organizations.id, id))
      .returning();
    if (!row) throw new Error('update returned no row');
    return row;
  },

  /** Soft delete: the organization is disabled and hidden, its data kept. */
  async softDelete(db: Executor, id: string): Promise<OrganizationRow> {
    const now = new Date();
    const [row] = await db
      .update(organizations)
      .set({ status: 'DISABLED', deletedAt: now, updatedAt: now })
      .where(eq(organizations.id, id))
      .returning();
    if (!row) throw new Error('update returned no row');
    return row;
  },
};
