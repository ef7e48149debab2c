import { z } from 'zod';
import {
  ACCOUNT_STATUSES,
  ADMIN_ROLES,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  ORGANIZATION_STATUSES,
  PLATFORM_ROLES,
  SCOPES,
  SEVERITIES,
} from './constants.js';

/** How a session was signed in. */
export const SIGN_IN_METHODS = ['PASSWORD', 'GOOGLE'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export const AdminRole = z.enum(ADMIN_ROLES);
export type AdminRole = z.infer<typeof AdminRole>;

export const PlatformRole = z.enum(PLATFORM_ROLES);
export type PlatformRole = z.infer<typeof PlatformRole>;

export const AccountStatus = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof AccountStatus>;

export const OrganizationStatus = z.enum(ORGANIZATION_STATUSES);
export type OrganizationStatus = z.infer<typeof OrganizationStatus>;

export const Severity = z.enum(SEVERITIES);
export type Severity = z.infer<typeof Severity>;

export const IncidentStatus = z.enum(INCIDENT_STATUSES);
export type IncidentStatus = z.infer<typeof IncidentStatus>;

export const Scope = z.enum(SCOPES);
export type Scope = z.infer<typeof Scope>;

export const IncidentType = z.enum(INCIDENT_TYPES);
export type IncidentType = z.infer<typeof IncidentType>;
