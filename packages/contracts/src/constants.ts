/**
 * Plain values and rules shared by the server and the browser, with no zod: the login page
 * imports from here (`@meridian/contracts/constants`) so that it can load without the schemas.
 */

export const LIMITS = {
  /** Largest JSON body the API accepts, in bytes. */
  bodyBytes: 1024 * 1024,
  userListDefault: 50,
  userListMax: 100,
  name: 100,
  email: 254,
  passwordMin: 8,
  passwordMax: 128,
  shortText: 200,
  longText: 5000,
} as const;

export const ADMIN_ROLES = ['VIEWER', 'MANAGER', 'ADMIN'] as const;
export const PLATFORM_ROLES = ['GUEST', 'MEMBER', 'ADMIN', 'OWNER'] as const;
export const ACCOUNT_STATUSES = ['ACTIVE', 'PENDING', 'DEACTIVATED'] as const;
export const ORGANIZATION_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;
export const INCIDENT_STATUSES = ['OPEN', 'IN_PROGRESS', 'RESOLVED'] as const;
export const SCOPES = ['ORG', 'GLOBAL'] as const;

type PlatformRoleValue = (typeof PLATFORM_ROLES)[number];

/** Platform roles that may manage organizations and act as any of them (internal users only). */
export const PLATFORM_ADMIN_ROLES: readonly PlatformRoleValue[] = ['ADMIN', 'OWNER'];

export const emailDomain = (email: string): string =>
  email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Said by the server when it refuses, and by the browser beside the disabled Delete. */
export const INTERNAL_ORGANIZATION_PROTECTED = 'The internal organization cannot be deleted';

export const PLATFORM_ROLE_MESSAGES = {
  platformAdminRequired: 'Only a platform admin can grant platform admin roles',
  ownerRequired: 'Only a platform owner can grant or remove the owner role',
} as const;

/**
 * Why `actor` may not move a user from platform role `from` to `to`, or null when allowed:
 * the owner role is granted and removed only by an owner acting as a platform admin, the admin
 * roles only by a platform admin. The server enforces it; the browser greys out the same roles.
 */
export function platformRoleChangeProblem(
  actor: { isPlatformAdmin: boolean; role: PlatformRoleValue },
  from: PlatformRoleValue,
  to: PlatformRoleValue,
): string | null {
  if ((from === 'OWNER' || to === 'OWNER') && !(actor.isPlatformAdmin && actor.role === 'OWNER')) {
    return PLATFORM_ROLE_MESSAGES.ownerRequired;
  }
  const touchesAdmin = PLATFORM_ADMIN_ROLES.includes(from) || PLATFORM_ADMIN_ROLES.includes(to);
  if (touchesAdmin && !actor.isPlatformAdmin) return PLATFORM_ROLE_MESSAGES.platformAdminRequired;
  return null;
}
