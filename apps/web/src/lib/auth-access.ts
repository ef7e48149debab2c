import type { User } from '@meridian/contracts';
import { ADMIN_ROLES, PLATFORM_ADMIN_ROLES } from '@meridian/contracts/constants';

/** Who may enter /admin: a user holding an admin role on an active account. */
export const hasAdminAccess = (user: User | null): user is User =>
  user !== null && ADMIN_ROLES.includes(user.adminRole) && user.accountStatus === 'ACTIVE';

/** Internal users (the product's own e-mail domain) may switch organizations. */
export const isInternalUser = (
  user: Pick<User, 'email'> | null,
  internalDomain: string | undefined,
): boolean =>
  Boolean(
    user && internalDomain && user.email.toLowerCase().endsWith(`@${internalDomain.toLowerCase()}`),
  );

/** Platform admins (internal users with platform role ADMIN or OWNER) manage organizations. */
export const isPlatformAdmin = (user: User | null, internalDomain: string | undefined): boolean =>
  isInternalUser(user, internalDomain) && Boolean(user && PLATFORM_ADMIN_ROLES.includes(user.role));

/**
 * Who may change the active organization's settings, as the server decides: its own ADMINs, and
 * platform admins (internal users) whichever organization they act as.
 */
export const administersOrganization = (
  user: User,
  internalDomain: string | undefined,
  activeOrganizationId: string | null,
): boolean =>
  (isInternalUser(user, internalDomain) && PLATFORM_ADMIN_ROLES.includes(user.role)) ||
  (user.adminRole === 'ADMIN' &&
    (activeOrganizationId === null || activeOrganizationId === user.organizationId));

/**
 * Who may record and change an organization's incidents, as the server decides: its MANAGERs
 * and ADMINs and platform admins; global incidents (no organization) platform admins only.
 */
export const editsIncidents = (
  user: User,
  internalDomain: string | undefined,
  organizationId: string | null,
): boolean =>
  isPlatformAdmin(user, internalDomain) ||
  (organizationId !== null &&
    user.organizationId === organizationId &&
    (user.adminRole === 'ADMIN' || user.adminRole === 'MANAGER'));

/** Sites and shipments follow the incidents' rule: the organization's MANAGERs and ADMINs. */
export const editsOrganizationData = (
  user: User,
  internalDomain: string | undefined,
  organizationId: string | null,
): boolean => organizationId !== null && editsIncidents(user, internalDomain, organizationId);
