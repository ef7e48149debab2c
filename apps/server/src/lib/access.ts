import { PLATFORM_ADMIN_ROLES, type SignInMethod, emailDomain } from '@meridian/contracts';
import type { users } from '../db/schema.js';

type UserRow = typeof users.$inferSelect;

/** Who is calling, and for which organization (their own, or the one they act as). */
export type Actor = {
  user: UserRow;
  /** The session (refresh-token family) the request's access token belongs to. */
  sessionId: string;
  organizationId: string;
  actingAs: boolean;
  isInternal: boolean;
  isPlatformAdmin: boolean;
  /**
   * The organization requires two-factor sign-in and this password session has none set up:
   * only setting it up (and signing out) is allowed until it is.
   */
  twoFactorSetupRequired: boolean;
  /** How this session was signed in, and whether the user has a confirmed second factor. */
  signInMethod: SignInMethod | null;
  twoFactorEnabled: boolean;
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

/**
 * MANAGER or ADMIN of the active organization (a platform admin acting as it counts): who
 * changes its operational data (incidents, sites, shipments).
 */
export const editsOrganizationData = (actor: Actor): boolean =>
  actor.isPlatformAdmin ||
  (actor.user.organizationId === actor.organizationId &&
    (actor.user.adminRole === 'ADMIN' || actor.user.adminRole === 'MANAGER'));
