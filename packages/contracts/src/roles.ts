/** The enumerations every payload uses, as plain values (no zod). */
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

/** What kind of disruption an incident is; decides its default affected radius. */
export const INCIDENT_TYPES = [
  'NATURAL_HAZARD',
  'WEATHER',
  'PORT_CONGESTION',
  'STRIKE',
  'BORDER_CUSTOMS',
  'CYBER',
  'QUALITY',
  'SUPPLIER_FAILURE',
  'GEOPOLITICAL',
  'OTHER',
] as const;

/** What a site is to the organization. */
export const SITE_KINDS = ['SUPPLIER', 'OWN_FACILITY', 'WAREHOUSE', 'PORT', 'CUSTOMER'] as const;
export const CRITICALITIES = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
export const SHIPMENT_MODES = ['SEA', 'AIR', 'ROAD', 'RAIL'] as const;
export const SHIPMENT_STATUSES = ['PLANNED', 'IN_TRANSIT', 'DELIVERED', 'DELAYED'] as const;
/** NEW when first found, ONGOING while still found, CLEARED once no longer. */
export const EXPOSURE_STATES = ['NEW', 'ONGOING', 'CLEARED'] as const;
