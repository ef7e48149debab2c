import { asc, and, eq, isNull } from 'drizzle-orm';
import type { Organization, OrganizationValues } from '@meridian/contracts';
import type { Executor } from '../../db/client.js';
import { organizations } from '../../db/schema.js';

export type OrganizationRow = typeof organizations.$inferSelect;

export const toOrganizationDto = (row: OrganizationRow): Organization => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  domain: row.domain,
  status: row.status,
  address_line1: row.addressLine1,
  city: row.city,
  state: row.state,
  zip_code: row.zipCode,
  country: row.country,
  phone_number: row.phoneNumber,
  website: row.website,
  isInternal: row.isInternal,
});

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

  async findInternal(db: Executor): Promise<OrganizationRow | undefined> {
    const [row] = await db.select().from(organizations).where(eq(organizations.isInternal, true));
    return row;
  },

  listAll(db: Executor): Promise<OrganizationRow[]> {
    return db.select().from(organizations).where(notDeleted).orderBy(asc(organizations.name));
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
