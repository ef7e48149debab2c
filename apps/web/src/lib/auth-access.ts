import type { User } from '@meridian/contracts';
import { ADMIN_ROLES, PLATFORM_ADMIN_ROLES } from '@meridian/contracts/constants';

/** Who may enter /admin: a user holding an admin role on an active account. */
export const hasAdminAccess = (user: User | null): user is User =>
  user !== null && ADMIN_ROLES.includes(user.adminRole) && user.accountStatus === 'ACTIVE';

/** Internal users (the product's own e-mail domain) may switch organizations. */
export const isInternalUser = (user: User | null, internalDomain: string | undefined): boolean =>
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
