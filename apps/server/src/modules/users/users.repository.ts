import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { AdminRole, User } from '@meridian/contracts';
import type { Executor } from '../../db/client.js';
import { organizations, users } from '../../db/schema.js';
import { notDeleted, type OrganizationRow } from '../organizations/organizations.repository.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export const toUserDto = (row: UserRow): User => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  adminRole: row.adminRole,
  role: row.role,
  accountStatus: row.accountStatus,
  lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  organizationId: row.organizationId,
});

/** Queries only. Every query that a tenant can reach is scoped by organization. */
export const usersRepository = {
  async findById(db: Executor, id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  },

  /**
   * The user with their organization's status (null once it is deleted): the one query that
   * each authenticated request makes.
   */
  async findWithOrganizationStatus(
    db: Executor,
    id: string,
  ): Promise<{ user: UserRow; organizationStatus: OrganizationRow['status'] | null } | undefined> {
    const [row] = await db
      .select({ user: users, organizationStatus: organizations.status })
      .from(users)
      .leftJoin(organizations, and(eq(organizations.id, users.organizationId), notDeleted))
      .where(eq(users.id, id));
    return row;
  },

  async findByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
    return row;
  },

  async findInOrganization(
    db: Executor,
    organizationId: string,
    id: string,
  ): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.organizationId, organizationId)));
    return row;
  },

  /** Locks the row for the rest of the transaction, so concurrent changes apply one at a time. */
  async lockInOrganization(
    db: Executor,
    organizationId: string,
    id: string,
  ): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.organizationId, organizationId)))
      .for('update');
    return row;
  },

  listByOrganization(db: Executor, organizationId: string, limit: number): Promise<UserRow[]> {
    return db
      .select()
      .from(users)
      .where(eq(users.organizationId, organizationId))
      .orderBy(asc(users.createdAt), asc(users.email))
      .limit(limit);
  },

  /** Active admins of the organization other than the given user. */
  async countOtherActiveAdmins(
    db: Executor,
    organizationId: string,
    exceptUserId: string,
  ): Promise<number> {
    const [row] = await db
      .select({ total: count() })
      .from(users)
      .where(
        and(
          eq(users.organizationId, organizationId),
          eq(users.adminRole, 'ADMIN' satisfies AdminRole),
          eq(users.accountStatus, 'ACTIVE'),
          ne(users.id, exceptUserId),
        ),
      );
    return row?.total ?? 0;
  },

  async insert(db: Executor, values: NewUser): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(db: Executor, id: string, values: Partial<NewUser>): Promise<UserRow> {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw new Error('update returned no row');
    return row;
  },

  /** Invalidates every access token issued so far; refresh tokens are revoked separately. */
  async bumpTokenVersion(db: Executor, id: string): Promise<void> {
    await db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, id));
  },

  async delete(db: Executor, id: string): Promise<void> {
    await db.delete(users).where(eq(users.id, id));
  },
};
