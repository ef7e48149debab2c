import { z } from 'zod';
import { IsoDateTime, SearchText, SortDirection, oneOf, pageQuery } from './common.js';
import { ACCOUNT_STATUSES, ADMIN_ROLES, LIMITS, PLATFORM_ROLES } from './constants.js';
import { AccountStatus, AdminRole, PlatformRole } from './enums.js';
import * as API_MESSAGES from './messages/index.js';

export const User = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    adminRole: AdminRole,
    role: PlatformRole,
    accountStatus: AccountStatus,
    lastLoginAt: IsoDateTime.nullable(),
    organizationId: z.uuid(),
    /** Set on a generated password: the user must choose their own before anything else. */
    passwordChangeRequired: z.boolean().optional(),
    /**
     * Set when the organization requires two-factor sign-in and this password session has none
     * yet: the user sets it up before anything else.
     */
    twoFactorSetupRequired: z.boolean().optional(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

export const USER_SORTS = ['name', 'email', 'lastLoginAt', 'createdAt'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/**
 * GET /admin/users: the spec's `limit` (default 50), then a search, filters, a sort and a
 * cursor, all optional. `name` sorts by the full name (the e-mail of someone without one),
 * `lastLoginAt` puts those who never signed in before everyone else.
 */
export const UserListQuery = pageQuery(LIMITS.userListDefault, LIMITS.userListMax).extend({
  /** Part of the name or e-mail. */
  q: SearchText.optional(),
  adminRole: oneOf(ADMIN_ROLES, 'adminRole').optional(),
  role: oneOf(PLATFORM_ROLES, 'role').optional(),
  status: oneOf(ACCOUNT_STATUSES, 'status').optional(),
  sort: oneOf(USER_SORTS, 'sort').default('createdAt'),
  direction: SortDirection.default('asc'),
});
export type UserListQuery = z.output<typeof UserListQuery>;

export const UserListResponse = z.object({
  message: z.string(),
  /** nextCursor: where the next page starts, null on the last; total: users matching the query. */
  data: z.object({
    users: z.array(User),
    nextCursor: z.string().nullable(),
    total: z.number().int(),
  }),
});
export type UserListResponse = z.infer<typeof UserListResponse>;

export const UserResponse = z.object({ message: z.string(), data: User });
export type UserResponse = z.infer<typeof UserResponse>;

/** Exactly one field per update, as the team-member screen sends them; nothing else is accepted. */
export const UserUpdate = z
  .strictObject({
    // PENDING means "invited, never activated": an admin cannot set it (it reopened the invitation).
    accountStatus: z
      .enum(['ACTIVE', 'DEACTIVATED'], { message: API_MESSAGES.userRule.pendingNotSettable })
      .optional(),
    adminRole: AdminRole.optional(),
    role: PlatformRole.optional(),
  })
  .refine((change) => Object.values(change).filter((value) => value !== undefined).length === 1, {
    message: 'send exactly one of accountStatus, adminRole or role',
  });
export type UserUpdate = z.infer<typeof UserUpdate>;

export const PersonName = z.string().trim().min(1).max(LIMITS.name);
