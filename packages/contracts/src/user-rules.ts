/**
 * Who may change or delete whom: one rule, enforced by the server and shown by the browser.
 * Plain TypeScript (no zod), so the login-light entry `@meridian/contracts/constants` carries it.
 */
import { PLATFORM_ADMIN_ROLES, type ADMIN_ROLES, type PLATFORM_ROLES } from './roles.js';
import * as API_MESSAGES from './messages/index.js';

type PlatformRoleValue = (typeof PLATFORM_ROLES)[number];
type AdminRoleValue = (typeof ADMIN_ROLES)[number];

/** OWNER > ADMIN > MEMBER > GUEST. */
export const PLATFORM_ROLE_RANK: Readonly<Record<PlatformRoleValue, number>> = {
  GUEST: 0,
  MEMBER: 1,
  ADMIN: 2,
  OWNER: 3,
};

export type RuleActor = {
  id: string;
  role: PlatformRoleValue;
  /** Internal e-mail and platform role ADMIN or OWNER. */
  isPlatformAdmin: boolean;
  /** ADMIN of the organization acted for, or a platform admin. */
  administersOrganization: boolean;
};

export type RuleTarget = {
  id: string;
  role: PlatformRoleValue;
  adminRole: AdminRoleValue;
  /** The target's e-mail is at the internal domain (platform staff). */
  isInternal: boolean;
};

/**
 * Platform roles above MEMBER mean something only for platform staff: anyone else holding one
 * ranks as a MEMBER, as actor and as target alike.
 */
const rankOf = (role: PlatformRoleValue, staff: boolean): number =>
  staff ? PLATFORM_ROLE_RANK[role] : Math.min(PLATFORM_ROLE_RANK[role], PLATFORM_ROLE_RANK.MEMBER);

/**
 * Why `actor` may not change or delete `target` at all, or null when it may. The actor's
 * platform role must outrank the target's. Two exceptions where nothing ranks higher:
 * owners manage owners, and inside an organization its ADMINs manage every colleague of
 * their platform rank (MEMBER or GUEST), other ADMINs included. The invariants (one active
 * owner, one active ADMIN per organization) are checked by the server under a lock.
 */
export function userManagementProblem(actor: RuleActor, target: RuleTarget): string | null {
  if (!actor.administersOrganization) return API_MESSAGES.userRule.adminRequired;
  if (actor.id === target.id) return API_MESSAGES.userRule.notYourself;
  const mine = rankOf(actor.role, actor.isPlatformAdmin);
  const theirs = rankOf(target.role, target.isInternal);
  if (mine > theirs) return null;
  const peersAtTop = theirs === PLATFORM_ROLE_RANK.OWNER || theirs <= PLATFORM_ROLE_RANK.MEMBER;
  return mine === theirs && peersAtTop ? null : API_MESSAGES.userRule.outranked;
}

/**
 * Why `actor` may not move a user from platform role `from` to `to`, or null when allowed:
 * roles above MEMBER go to platform staff only; the owner role is granted and removed only by
 * an owner acting as a platform admin, the admin roles only by a platform admin. A customer
 * holding a higher role (from older data) ranks as a MEMBER, so taking it away needs no
 * platform right. The server enforces it; the browser greys out the same roles.
 */
export function platformRoleChangeProblem(
  actor: { isPlatformAdmin: boolean; role: PlatformRoleValue },
  target: { role: PlatformRoleValue; isInternal: boolean },
  to: PlatformRoleValue,
): string | null {
  if (!target.isInternal) {
    return PLATFORM_ROLE_RANK[to] > PLATFORM_ROLE_RANK.MEMBER
      ? API_MESSAGES.platformRole.staffOnly
      : null;
  }
  const from = target.role;
  if ((from === 'OWNER' || to === 'OWNER') && !(actor.isPlatformAdmin && actor.role === 'OWNER')) {
    return API_MESSAGES.platformRole.ownerRequired;
  }
  const touchesAdmin = PLATFORM_ADMIN_ROLES.includes(from) || PLATFORM_ADMIN_ROLES.includes(to);
  if (touchesAdmin && !actor.isPlatformAdmin)
    return API_MESSAGES.platformRole.platformAdminRequired;
  return null;
}
