import { z } from 'zod';
import { Cursor, IsoDateTime } from './common.js';
import { IncidentStatus, IncidentType, Scope, Severity } from './enums.js';
import { GeoArea, GeoAreaShape } from './geojson.js';
import { Incident, Shipment } from './atlas.js';
import { INCIDENT_LIMITS } from './incident-rules.js';
import { INCIDENT_STATUSES, INCIDENT_TYPES, SEVERITIES } from './roles.js';
import { PRIORITY_FILTERS } from './priority.js';
import * as API_MESSAGES from './messages/index.js';

const Title = z.string().trim().min(1, 'title is required').max(INCIDENT_LIMITS.title);
const Description = z.string().trim().max(INCIDENT_LIMITS.description).nullable();
const Location = z
  .strictObject({
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    countryCode: z
      .string()
      .regex(/^[A-Z]{2}$/, 'countryCode must be two capital letters (ISO 3166-1)')
      .nullable()
      .optional(),
  })
  .nullable();
const Radius = z.number().positive().max(INCIDENT_LIMITS.radiusMaxKm);

const endsNotBeforeStart = (value: {
  startsAt?: string | undefined;
  endsAt?: string | null | undefined;
}) => !value.startsAt || !value.endsAt || Date.parse(value.endsAt) >= Date.parse(value.startsAt);

/** A new incident; the organization's own (ORG, the default) or global (platform staff). */
export const IncidentCreate = z
  .strictObject({
    title: Title,
    description: Description.optional(),
    severity: Severity,
    type: IncidentType.default('OTHER'),
    scope: Scope.default('ORG'),
    location: Location.optional(),
    startsAt: IsoDateTime.optional(),
    endsAt: IsoDateTime.nullable().optional(),
    /** Defaults by type and severity (see defaultAffectedRadiusKm). */
    affectedRadiusKm: Radius.optional(),
    area: GeoArea.nullable().optional(),
    assigneeId: z.uuid().nullable().optional(),
    sourceUrl: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .nullable()
      .optional(),
  })
  .refine(endsNotBeforeStart, { message: API_MESSAGES.incident.endsBeforeStart, path: ['endsAt'] });
export type IncidentCreate = z.input<typeof IncidentCreate>;

/** Any subset of the editable fields; a status change moves along INCIDENT_TRANSITIONS. */
export const IncidentUpdate = z
  .strictObject({
    title: Title.optional(),
    description: Description.optional(),
    severity: Severity.optional(),
    type: IncidentType.optional(),
    status: IncidentStatus.optional(),
    /** Why a resolved incident is reopened: required for that change. */
    reason: z.string().trim().min(1).max(INCIDENT_LIMITS.reason).optional(),
    location: Location.optional(),
    startsAt: IsoDateTime.optional(),
    endsAt: IsoDateTime.nullable().optional(),
    affectedRadiusKm: Radius.optional(),
    area: GeoArea.nullable().optional(),
    assigneeId: z.uuid().nullable().optional(),
    sourceUrl: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .nullable()
      .optional(),
    /** Confirms an incident made from a news item: it is no longer marked unverified. */
    verified: z.literal(true, { message: 'verified can only be set to true' }).optional(),
  })
  .refine((value) => Object.keys(value).some((key) => key !== 'reason'), {
    message: 'send at least one field to change',
  })
  .refine(endsNotBeforeStart, { message: API_MESSAGES.incident.endsBeforeStart, path: ['endsAt'] });
export type IncidentUpdate = z.input<typeof IncidentUpdate>;

/** An incident with everything its page shows. */
export const IncidentDetail = Incident.extend({
  sourceUrl: z.string().nullable().optional(),
  // As stored: an area saved before a rule was added still reads back (input is GeoArea).
  area: GeoAreaShape.nullable().optional(),
  createdBy: z.uuid().nullable().optional(),
  assignee: z
    .object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), email: z.string() })
    .nullable()
    .optional(),
}).meta({ id: 'IncidentDetail' });
export type IncidentDetail = z.infer<typeof IncidentDetail>;

export const IncidentResponse = z.object({
  message: z.string(),
  data: z.object({ incident: IncidentDetail }),
});
export type IncidentResponse = z.infer<typeof IncidentResponse>;

export const IncidentDetailResponse = z.object({
  data: z.object({
    incident: IncidentDetail,
    /** The active organization's shipments within NEARBY_SHIPMENT_RADIUS_KM, nearest first. */
    nearbyShipments: z.array(Shipment.extend({ distanceKm: z.number() })),
  }),
});
export type IncidentDetailResponse = z.infer<typeof IncidentDetailResponse>;

const csvOf = <T extends string>(values: readonly [T, ...T[]], name: string) =>
  z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.enum(values, { message: `${name} must be one or more of ${values.join(', ')}` })),
    );

export const INCIDENT_SORTS = ['updatedAt', 'severity', 'priority'] as const;

/** GET /atlas/events: the spec's scope, plus paging and filters (all optional). */
export const IncidentListQuery = z
  .strictObject({
    scope: Scope.default('ORG'),
    limit: z.coerce
      .number({ message: 'limit must be a number' })
      .int({ message: 'limit must be a whole number' })
      .min(1, { message: `limit must be between 1 and ${INCIDENT_LIMITS.pageMax}` })
      .max(INCIDENT_LIMITS.pageMax, {
        message: `limit must be between 1 and ${INCIDENT_LIMITS.pageMax}`,
      })
      .optional(),
    cursor: Cursor.optional(),
    severity: csvOf(SEVERITIES, 'severity').optional(),
    status: csvOf(INCIDENT_STATUSES, 'status').optional(),
    type: csvOf(INCIDENT_TYPES, 'type').optional(),
    /** P1–P4 for the organization, and NONE for the incidents that reach nothing of it. */
    priority: csvOf(PRIORITY_FILTERS, 'priority').optional(),
    q: z.string().trim().max(200).optional(),
    from: IsoDateTime.optional(),
    to: IsoDateTime.optional(),
    sort: z.enum(INCIDENT_SORTS).default('updatedAt'),
    /** Only incidents changed after this time: a poll that asks for the changes. */
    updatedSince: IsoDateTime.optional(),
    /** Only incidents reaching some of the organization's sites or shipments now. */
    exposed: z.enum(['true']).optional(),
  })
  .refine((query) => !query.cursor || query.limit !== undefined, {
    message: 'cursor needs limit',
    path: ['cursor'],
  });
export type IncidentListQuery = z.output<typeof IncidentListQuery>;

export const CommentCreate = z.strictObject({
  body: z
    .string()
    .trim()
    .min(1, 'body is required')
    .max(
      INCIDENT_LIMITS.comment,
      `a comment may have at most ${INCIDENT_LIMITS.comment} characters`,
    ),
});
export type CommentCreate = z.infer<typeof CommentCreate>;

/**
 * PLAN: a response plan of the incident was created or changed (the body says what);
 * ASSESSMENT: how an exposed site stands was set (the changes say from what to what).
 */
export const TIMELINE_KINDS = [
  'CREATED',
  'UPDATED',
  'STATUS',
  'COMMENT',
  'PLAN',
  'ASSESSMENT',
] as const;

export const TimelineEntry = z
  .object({
    id: z.string(),
    kind: z.enum(TIMELINE_KINDS),
    at: IsoDateTime,
    actor: z
      .object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), email: z.string() })
      .nullable(),
    /** Each changed field, from → to (CREATED lists the initial values, from null). */
    changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
    /** The comment (Markdown), or the reason of a status change. */
    body: z.string().nullable(),
    /** The feed that made the entry (a feed has no actor). */
    via: z.string().nullable().optional(),
  })
  .meta({ id: 'TimelineEntry' });
export type TimelineEntry = z.infer<typeof TimelineEntry>;

export const TimelineResponse = z.object({
  message: z.string(),
  data: z.object({ entries: z.array(TimelineEntry) }),
});
export type TimelineResponse = z.infer<typeof TimelineResponse>;

export const TimelineEntryResponse = z.object({
  message: z.string(),
  data: z.object({ entry: TimelineEntry }),
});
export type TimelineEntryResponse = z.infer<typeof TimelineEntryResponse>;
