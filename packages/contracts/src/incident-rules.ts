/**
 * Incident rules shared by the server (which enforces them) and the browser (which offers only
 * what they allow). Plain TypeScript, no zod.
 */
import type { INCIDENT_STATUSES, INCIDENT_TYPES, SEVERITIES } from './roles.js';

type IncidentTypeValue = (typeof INCIDENT_TYPES)[number];
type IncidentStatusValue = (typeof INCIDENT_STATUSES)[number];
type SeverityValue = (typeof SEVERITIES)[number];

/** How a status reads in messages and timelines. */
export const INCIDENT_STATUS_LABELS: Readonly<Record<IncidentStatusValue, string>> = {
  OPEN: 'Open',
  IN_PROGRESS: 'In progress',
  RESOLVED: 'Resolved',
};

export const INCIDENT_TYPE_LABELS: Readonly<Record<IncidentTypeValue, string>> = {
  NATURAL_HAZARD: 'Natural hazard',
  WEATHER: 'Weather',
  PORT_CONGESTION: 'Port congestion',
  STRIKE: 'Strike / labour',
  BORDER_CUSTOMS: 'Border / customs',
  CYBER: 'Cyber',
  QUALITY: 'Quality',
  SUPPLIER_FAILURE: 'Supplier failure',
  GEOPOLITICAL: 'Geopolitical',
  OTHER: 'Other',
};

/**
 * How far from its location an incident reaches when nobody says otherwise, in km, at HIGH
 * severity: a storm or an earthquake reaches a region, a strike or a quality problem one site.
 */
const BASE_RADIUS_KM: Readonly<Record<IncidentTypeValue, number>> = {
  NATURAL_HAZARD: 300,
  WEATHER: 250,
  PORT_CONGESTION: 50,
  STRIKE: 40,
  BORDER_CUSTOMS: 30,
  CYBER: 5,
  QUALITY: 5,
  SUPPLIER_FAILURE: 5,
  GEOPOLITICAL: 500,
  OTHER: 100,
};
const SEVERITY_FACTOR: Readonly<Record<SeverityValue, number>> = {
  CRITICAL: 1.5,
  HIGH: 1,
  MEDIUM: 0.6,
  LOW: 0.3,
};

export const defaultAffectedRadiusKm = (type: IncidentTypeValue, severity: SeverityValue) =>
  Math.round(BASE_RADIUS_KM[type] * SEVERITY_FACTOR[severity]);

/** The status changes that exist: work starts, work ends, a resolved incident comes back. */
export const INCIDENT_TRANSITIONS: Readonly<
  Record<IncidentStatusValue, readonly IncidentStatusValue[]>
> = {
  OPEN: ['IN_PROGRESS'],
  IN_PROGRESS: ['RESOLVED'],
  RESOLVED: ['OPEN'],
};

/** The label of the action that moves an incident to a status. */
export const INCIDENT_TRANSITION_LABELS: Readonly<Record<IncidentStatusValue, string>> = {
  IN_PROGRESS: 'Start work',
  RESOLVED: 'Resolve',
  OPEN: 'Reopen',
};

/** Highest first: the order of `sort=severity`. */
export const SEVERITY_RANK: Readonly<Record<SeverityValue, number>> = {
  CRITICAL: 4,
  HIGH: 3,
  MEDIUM: 2,
  LOW: 1,
};

export const INCIDENT_LIMITS = {
  title: 200,
  description: 10_000,
  comment: 10_000,
  reason: 1_000,
  pageMax: 500,
  /** The Events screen's page: small enough for a fast first paint. */
  screenPage: 50,
  radiusMaxKm: 5_000,
} as const;
