import { z } from 'zod';
import { IsoDateTime } from './common.js';
import { LIMITS } from './constants.js';
import { AccountStatus, AdminRole, PlatformRole } from './enums.js';

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
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

export const UserListQuery = z.strictObject({
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int({ message: 'limit must be a whole number' })
    .min(1, { message: 'limit must be between 1 and 100' })
    .max(LIMITS.userListMax, { message: 'limit must be between 1 and 100' })
    .default(LIMITS.userListDefault),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

export const UserListResponse = z.object({
  message: z.string(),
  data: z.object({ users: z.array(User) }),
});
export type UserListResponse = z.infer<typeof UserListResponse>;

export const UserResponse = z.object({ message: z.string(), data: User });
export type UserResponse = z.infer<typeof UserResponse>;

/** Exactly one field per update, as the team-member screen sends them; nothing else is accepted. */
export const UserUpdate = z
  .strictObject({
    accountStatus: AccountStatus.optional(),
    adminRole: AdminRole.optional(),
    role: PlatformRole.optional(),
  })
  .refine((change) => Object.values(change).filter((value) => value !== undefined).length === 1, {
    message: 'send exactly one of accountStatus, adminRole or role',
  });
export type UserUpdate = z.infer<typeof UserUpdate>;

export const PersonName = z.string().trim().min(1).max(LIMITS.name);
