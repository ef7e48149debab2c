import { z } from 'zod';

export const ADMIN_ROLES = ['VIEWER', 'MANAGER', 'ADMIN'] as const;
export const AdminRole = z.enum(ADMIN_ROLES);
export type AdminRole = z.infer<typeof AdminRole>;

export const PLATFORM_ROLES = ['GUEST', 'MEMBER', 'ADMIN', 'OWNER'] as const;
export const PlatformRole = z.enum(PLATFORM_ROLES);
export type PlatformRole = z.infer<typeof PlatformRole>;

export const ACCOUNT_STATUSES = ['ACTIVE', 'PENDING', 'DEACTIVATED'] as const;
export const AccountStatus = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof AccountStatus>;

export const ORGANIZATION_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export const OrganizationStatus = z.enum(ORGANIZATION_STATUSES);
export type OrganizationStatus = z.infer<typeof OrganizationStatus>;

export const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;
export const Severity = z.enum(SEVERITIES);
export type Severity = z.infer<typeof Severity>;

export const INCIDENT_STATUSES = ['OPEN', 'IN_PROGRESS', 'RESOLVED'] as const;
export const IncidentStatus = z.enum(INCIDENT_STATUSES);
export type IncidentStatus = z.infer<typeof IncidentStatus>;

export const SCOPES = ['ORG', 'GLOBAL'] as const;
export const Scope = z.enum(SCOPES);
export type Scope = z.infer<typeof Scope>;

/** Platform roles that may manage organizations and act as any of them (internal users only). */
export const PLATFORM_ADMIN_ROLES: readonly PlatformRole[] = ['ADMIN', 'OWNER'];
