import { PLATFORM_ADMIN_ROLES, type SignInMethod, emailDomain } from '@meridian/contracts';
import type { users } from '../db/schema.js';
import { forbidden } from './errors.js';

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
 * MANAGER or ADMIN of the organization (the active one unless named; a platform admin counts
 * in any): who changes its operational data (incidents, sites, shipments, plans, reports).
 */
export const editsOrganizationData = (
  actor: Actor,
  organizationId: string = actor.organizationId,
): boolean =>
  actor.isPlatformAdmin ||
  (actor.user.organizationId === organizationId &&
    (actor.user.adminRole === 'ADMIN' || actor.user.adminRole === 'MANAGER'));

/** What a service may ask of its caller; `requireAccess` says who holds each. */
export type Permission =
  /** Platform staff: organizations, account requests, data sources, global incidents. */
  | 'platform.administer'
  /** ADMIN of the active organization: members, settings, integrations, API keys. */
  | 'organization.administer'
  /** MANAGER or ADMIN of the target organization (the active one by default). */
  | 'organization.editData';

/** Whether the actor holds the permission (over the target organization, where it names one). */
export function mayAccess(
  actor: Actor,
  permission: Permission,
  target?: { organizationId: string },
): boolean {
  switch (permission) {
    case 'platform.administer':
      return actor.isPlatformAdmin;
    case 'organization.administer':
      return administersActiveOrganization(actor);
    case 'organization.editData':
      return editsOrganizationData(actor, target?.organizationId);
  }
}

/**
 * The one permission check of the services: refuses (403, with the screen's own reason) an
 * actor without the permission.
 */
export function requireAccess(
  actor: Actor,
  permission: Permission,
  refusal: string,
  target?: { organizationId: string },
): void {
  if (!mayAccess(actor, permission, target)) throw forbidden(refusal);
}
