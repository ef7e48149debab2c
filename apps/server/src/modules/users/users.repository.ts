import { type SQL, and, count, eq, ne, sql } from 'drizzle-orm';
import type {
  AdminRole,
  PlatformRole,
  SignInMethod,
  SortDirection,
  UserListQuery,
  UserSort,
} from '@meridian/contracts';
import type { Executor } from '../../db/client.js';
import {
  organizationSettings,
  organizations,
  sessions,
  userTwoFactor,
  users,
} from '../../db/schema.js';
import { containsText } from '../../db/text-search.js';
import type { CursorKey } from '../../lib/cursor.js';
import { type KeyPart, Keyset } from '../../db/keyset-page.js';
import { type OrganizationRow, notDeleted } from '../organizations/organizations.reads.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** The rows behind a bearer token, as AccessService judges them (see findForAccess). */
export type AccessFacts = {
  user: UserRow;
  organizationStatus: OrganizationRow['status'] | null;
  /** The token's session, if it is this user's. */
  session: { revokedAt: Date | null; expiresAt: Date } | null;
  sessionMethod: SignInMethod | null;
  twoFactorEnabled: boolean;
  /** The organization's security settings document (IP allow list, policies), unparsed. */
  organizationSecurity: unknown;
};

export type UserListFilters = Pick<UserListQuery, 'q' | 'adminRole' | 'role' | 'status'>;

/** The name a person is listed under: their full name, or their e-mail while they have none. */
const listedName = sql<string>`lower(coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email}))`;

const SORT_KEYS: Record<UserSort, KeyPart> = {
  name: { value: listedName, kind: 'text' },
  email: { value: users.email, kind: 'text' },
  // Never signed in sorts as the earliest sign-in of all.
  lastLoginAt: {
    value: sql`coalesce(${users.lastLoginAt}, '-infinity'::timestamptz)`,
    kind: 'timestamp',
  },
  createdAt: { value: users.createdAt, kind: 'timestamp' },
};

/** The order of a user list: the sort, then the id, so that equal values keep one order. */
export const userKeyset = (sort: UserSort, direction: SortDirection) =>
  new Keyset([SORT_KEYS[sort], { value: users.id, kind: 'uuid' }], direction);

const userConditions = (organizationId: string, filters: UserListFilters): SQL[] =>
  [
    eq(users.organizationId, organizationId),
    filters.q
      ? containsText(filters.q, [sql`${users.firstName} || ' ' || ${users.lastName}`, users.email])
      : undefined,
    filters.adminRole ? eq(users.adminRole, filters.adminRole) : undefined,
    filters.role ? eq(users.role, filters.role) : undefined,
    filters.status ? eq(users.accountStatus, filters.status) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);

/** Queries only. Every query that a tenant can reach is scoped by organization. */
export const usersRepository = {
  async findById(db: Executor, id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  },

  /**
   * The user with their organization's status (null once it is deleted) and whether the
   * session is live: the one query that each authenticated request makes.
   */
  /**
   * Everything a bearer token's check needs, in one query: the user, their organization's
   * status and security policy, the session named by the token (whatever its state: the
   * caller judges it against the clock, so the answer can be cached) and the second factor.
   */
  async findForAccess(
    db: Executor,
    id: string,
    sessionId: string,
  ): Promise<AccessFacts | undefined> {
    const [row] = await db
      .select({
        user: users,
        organizationStatus: organizations.status,
        sessionRevokedAt: sessions.revokedAt,
        sessionExpiresAt: sessions.expiresAt,
        sessionMethod: sessions.method,
        twoFactorEnabled: sql<boolean>`${userTwoFactor.enabledAt} is not null`,
        organizationSecurity: organizationSettings.security,
      })
      .from(users)
      .leftJoin(organizations, and(eq(organizations.id, users.organizationId), notDeleted))
      .leftJoin(organizationSettings, eq(organizationSettings.organizationId, users.organizationId))
      .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
      .leftJoin(sessions, and(eq(sessions.id, sessionId), eq(sessions.userId, users.id)))
      .where(eq(users.id, id));
    if (!row) return undefined;
    const { sessionRevokedAt, sessionExpiresAt, ...rest } = row;
    return {
      ...rest,
      session: sessionExpiresAt
        ? { revokedAt: sessionRevokedAt, expiresAt: sessionExpiresAt }
        : null,
    };
  },

  /** Locks the organization row: changes that count its admins or owners take turns. */
  async lockOrganization(db: Executor, organizationId: string): Promise<void> {
    await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update');
  },

  async findByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
    return row;
  },

  async findByGoogleSub(db: Executor, googleSub: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.googleSub, googleSub));
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

  /** One page of the organization's users in the keyset's order, each with its position. */
  listPage(
    db: Executor,
    organizationId: string,
    options: {
      filters: UserListFilters;
      keyset: Keyset;
      after: CursorKey | null;
      limit: number;
    },
  ): Promise<{ item: UserRow; key: CursorKey }[]> {
    const { filters, keyset, after, limit } = options;
    return keyset.rows(db, users, userConditions(organizationId, filters), after, limit);
  },

  async count(db: Executor, organizationId: string, filters: UserListFilters): Promise<number> {
    const [row] = await db
      .select({ total: count() })
      .from(users)
      .where(and(...userConditions(organizationId, filters)));
    return row?.total ?? 0;
  },

  /**
   * Active users of the organization holding the given admin role or platform role, other than
   * the given user: who would be left if that user lost it.
   */
  async countOtherActive(
    db: Executor,
    organizationId: string,
    exceptUserId: string,
    holding: { adminRole: AdminRole } | { role: PlatformRole },
  ): Promise<number> {
    const [row] = await db
      .select({ total: count() })
      .from(users)
      .where(
        and(
          eq(users.organizationId, organizationId),
          'adminRole' in holding
            ? eq(users.adminRole, holding.adminRole)
            : eq(users.role, holding.role),
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
