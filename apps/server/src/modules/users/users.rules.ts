import type { UserRow } from './users.repository.js';

/**
 * PENDING with no password and no sign-in ever: an invitation may (re)open this account.
 * Anyone who once signed in is never reopened by an invitation, whatever their status, so an
 * invitation can never set a new password on an account someone already owns.
 */
export const neverActivated = (user: UserRow): boolean =>
  user.accountStatus === 'PENDING' && user.passwordHash === null && user.lastLoginAt === null;
