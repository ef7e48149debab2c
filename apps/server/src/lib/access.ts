import { PLATFORM_ADMIN_ROLES, emailDomain } from '@meridian/contracts';
import type { UserRow } from '../modules/users/users.repository.js';

/** Who is calling, and for which organization (their own, or the one they act as). */
export type Actor = {
  user: UserRow;
  organizationId: string;
  actingAs: boolean;
  isInternal: boolean;
  isPlatformAdmin: boolean;
};

export const isInternalEmail = (email: string, internalDomain: string): boolean =>
  emailDomain(email) === internalDomain;

export const isPlatformAdmin = (
  user: Pick<UserRow, 'email' | 'role'>,
  internalDomain: string,
): boolean =>
  isInternalEmail(user.email, internalDomain) && PLATFORM_ADMIN_ROLES.includes(user.role);

/** ADMIN of the active organization; a platform admin counts as one in any organization. */
export const administersActiveOrganization = (actor: Actor): boolean =>
  actor.isPlatformAdmin ||
  (actor.user.adminRole === 'ADMIN' && actor.user.organizationId === actor.organizationId);
