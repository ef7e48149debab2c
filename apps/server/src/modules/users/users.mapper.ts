import type { User } from '@meridian/contracts';
import type { UserRow } from './users.repository.js';

/** The API's view of a user: never the password hash or the token version. */
export const toUserDto = (row: UserRow, twoFactorSetupRequired = false): User => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  adminRole: row.adminRole,
  role: row.role,
  accountStatus: row.accountStatus,
  lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  organizationId: row.organizationId,
  ...(row.passwordChangeRequired ? { passwordChangeRequired: true } : {}),
  ...(twoFactorSetupRequired ? { twoFactorSetupRequired: true } : {}),
});
