import { z } from 'zod';
import { IsoDateTime } from './common.js';
import { SEVERITY_RANK } from './incident-rules.js';
import { SEVERITIES } from './roles.js';
import { PRIORITIES, meetsPriority } from './priority.js';

type Priority = (typeof PRIORITIES)[number];
import type { AlertGroup, NotificationChannel, NotificationSettings } from './settings.js';

/** What caused an alert. */
export const ALERT_KINDS = [
  'EXPOSURE_NEW',
  'EXPOSURE_ESCALATED',
  /** Nothing of the organization is exposed by the incident any more (it ended, or moved). */
  'EXPOSURE_CLEARED',
  'INCIDENT_CREATED',
  'INCIDENT_STATUS',
  'INCIDENT_RESOLVED',
  'INCIDENT_ASSIGNED',
  'PLAN_ASSIGNED',
  'PLAN_COMPLETED',
  'ACTION_ASSIGNED',
  'ACTION_OVERDUE',
  /** A bulk change (an import) newly exposed the organization to incidents: one summary. */
  'EXPOSURE_SUMMARY',
  /** A site's contact answered its one-time link: to the incident's assignee, else who asked. */
  'SUPPLIER_ANSWERED',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Organization endpoints alerts are posted to. */
export const ENDPOINT_KINDS = ['SLACK', 'TEAMS', 'WEBHOOK'] as const;
export type EndpointKind = (typeof ENDPOINT_KINDS)[number];

/** Every way a message leaves Meridian (in-app and desktop are read from the notifications list). */
export const DELIVERY_CHANNELS = ['EMAIL', 'SMS', 'SLACK', 'TEAMS', 'WEBHOOK'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export const DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED', 'GAVE_UP'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const ALERT_LIMITS = {
  endpointName: 80,
  url: 2000,
  slackToken: 200,
  /** One incident alerts one recipient at most once in this window; later changes wait in a digest. */
  digestWindowMs: 15 * 60_000,
  /** Notifications in one page of the list. */
  pageMax: 50,
  /** Consecutive failures after which an endpoint shows as unhealthy. */
  unhealthyAfter: 3,
  /** Messages one person's channels carry in an hour; more wait for a digest, with a note. */
  channelsPerHour: 10,
  /**
   * A feed update that changes this many incidents or more (a feed catching up after downtime)
   * is told to each organization in one summary, not one alert per incident.
   */
  summarizeFeedFrom: 5,
} as const;

/** Severity 1 = CRITICAL only, 2 = HIGH and above, 3 = MEDIUM and above, All = everything. */
const THRESHOLD: Readonly<Record<NotificationSettings['severity'], number>> = {
  'Severity 1': SEVERITY_RANK.CRITICAL,
  'Severity 2': SEVERITY_RANK.HIGH,
  'Severity 3': SEVERITY_RANK.MEDIUM,
  All: SEVERITY_RANK.LOW,
};

/** Whether an alert of this kind and severity reaches someone with these preferences. */
export function alertWanted(
  settings: NotificationSettings,
  alert: { kind: AlertKind; severity: (typeof SEVERITIES)[number] },
): boolean {
  // All clear is news of a resolution: the same switch decides.
  if (
    (alert.kind === 'INCIDENT_RESOLVED' || alert.kind === 'EXPOSURE_CLEARED') &&
    !settings.resolution
  )
    return false;
  // About the member's own work: their switch decides, whatever the incident's severity.
  if (alert.kind === 'INCIDENT_ASSIGNED' || alert.kind === 'ACTION_ASSIGNED')
    return settings.action;
  if (alert.kind === 'ACTION_OVERDUE' || alert.kind === 'SUPPLIER_ANSWERED') {
    return settings.action;
  }
  if (alert.kind === 'PLAN_ASSIGNED') return settings.plan;
  if (alert.kind === 'PLAN_COMPLETED') return settings.plan && settings.resolution;
  return SEVERITY_RANK[alert.severity] >= THRESHOLD[settings.severity];
}

/** One incident a bulk change newly exposed the organization to, in the change's summary. */
export type AlertSummaryItem = {
  incidentId: string;
  title: string;
  priority: Priority | null;
  previousPriority: Priority | null;
  urgent: boolean;
};

/** What is about someone's own work: sent at once, never held in a digest. */
export const PERSONAL_ALERT_KINDS: ReadonlySet<AlertKind> = new Set([
  'INCIDENT_ASSIGNED',
  'PLAN_ASSIGNED',
  'ACTION_ASSIGNED',
  'ACTION_OVERDUE',
  'SUPPLIER_ANSWERED',
]);

const WORK_KINDS: ReadonlySet<AlertKind> = PERSONAL_ALERT_KINDS;
const RESOLUTION_KINDS: ReadonlySet<AlertKind> = new Set([
  'INCIDENT_RESOLVED',
  'EXPOSURE_CLEARED',
  'PLAN_COMPLETED',
]);

/** The kind of alert a person chooses channels for (their work, endings, else exposure). */
export const alertGroupOf = (kind: AlertKind): AlertGroup =>
  WORK_KINDS.has(kind) ? 'work' : RESOLUTION_KINDS.has(kind) ? 'resolution' : 'exposure';

/** Whether a channel carries an alert of this kind to someone: switched on, and on for the kind. */
export const channelCarries = (
  settings: Pick<NotificationSettings, 'channels' | 'channelsByGroup'>,
  kind: AlertKind,
  channel: NotificationChannel,
): boolean => settings.channels[channel] && settings.channelsByGroup[alertGroupOf(kind)][channel];

/** Kinds that tell of an incident reaching (further into) the organization. */
const EXPOSING: ReadonlySet<AlertKind> = new Set([
  'INCIDENT_CREATED',
  'EXPOSURE_NEW',
  'EXPOSURE_ESCALATED',
]);

/** Where an alert goes for one person: their channels (and the inbox), the inbox only, or nowhere. */
export type AlertRoute = 'CHANNELS' | 'INBOX' | null;

/** An incident's move that lifts it to `threshold` from below (or a critical site newly hit). */
const crosses = (
  threshold: Priority,
  item: { priority: Priority | null; previousPriority: Priority | null; urgent: boolean },
) =>
  item.urgent ||
  (item.priority !== null &&
    meetsPriority(threshold, item.priority) &&
    !(item.previousPriority !== null && meetsPriority(threshold, item.previousPriority)));

/**
 * Whether, and where, an alert reaches one member. Their channels (e-mail, SMS, Slack, Teams,
 * desktop) only for what needs them: an incident that newly exposes the organization at or
 * above their alert priority, or rises to it; a critical or single-source site newly exposed;
 * what is assigned to them or overdue for them; the resolution of an incident they own. The
 * rest they want (by severity and their switches) goes to the in-app inbox only.
 */
export function alertRoute(
  settings: NotificationSettings,
  alert: {
    kind: AlertKind;
    severity: (typeof SEVERITIES)[number];
    priority: Priority | null;
    previousPriority: Priority | null;
    urgent: boolean;
    ownerUserId: string | null;
    summary: readonly AlertSummaryItem[] | null;
  },
  memberId: string,
): AlertRoute {
  if (alert.kind === 'EXPOSURE_SUMMARY') {
    const items = alert.summary ?? [];
    return items.some((item) => crosses(settings.priority, item)) ? 'CHANNELS' : 'INBOX';
  }
  if (!alertWanted(settings, alert)) return null;
  if (PERSONAL_ALERT_KINDS.has(alert.kind)) return 'CHANNELS';
  if (alert.kind === 'INCIDENT_RESOLVED') {
    return alert.ownerUserId === memberId ? 'CHANNELS' : 'INBOX';
  }
  if (EXPOSING.has(alert.kind) && crosses(settings.priority, alert)) return 'CHANNELS';
  return 'INBOX';
}

export const Notification = z
  .object({
    id: z.uuid(),
    kind: z.enum(ALERT_KINDS),
    severity: z.enum(SEVERITIES),
    title: z.string(),
    /** What happened, one line per change (several when changes were folded into a digest). */
    lines: z.array(z.string()),
    /** Where it leads in the app, e.g. /admin/events/{id}. */
    link: z.string().nullable(),
    incidentId: z.uuid().nullable(),
    /** The incident's priority for the organization at the latest change. */
    priority: z.enum(PRIORITIES).nullable(),
    /** How many changes this thread gathered (one entry per incident). */
    updates: z.number().int(),
    createdAt: IsoDateTime,
    /** The latest change. */
    updatedAt: IsoDateTime,
    /** When a change in it last went out on the channels: desktop notifications show those. */
    alertedAt: IsoDateTime.nullable(),
    readAt: IsoDateTime.nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;

export const NotificationListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(ALERT_LIMITS.pageMax).default(20),
  unread: z.enum(['true', 'false']).optional(),
});
export type NotificationListQuery = z.input<typeof NotificationListQuery>;

export const NotificationListResponse = z.object({
  message: z.string(),
  data: z.object({ notifications: z.array(Notification), unread: z.number().int() }),
});
export type NotificationListResponse = z.infer<typeof NotificationListResponse>;

export const UnreadResponse = z.object({
  message: z.string(),
  data: z.object({
    unread: z.number().int(),
    /** The latest change of an unread thread that went out on the channels (desktop alerts). */
    alertedAt: IsoDateTime.nullable(),
  }),
});
export type UnreadResponse = z.infer<typeof UnreadResponse>;

const EndpointUrl = z
  .url({ protocol: /^https?$/, message: 'url must be an http(s) URL' })
  .max(ALERT_LIMITS.url);

/**
 * A Slack app posting for the endpoint (instead of an incoming webhook, which answers no
 * message id): its bot token (chat:write scope) and the channel's ID. Messages about one
 * incident then continue in one thread.
 */
export const SlackAppInput = z.strictObject({
  botToken: z
    .string()
    .trim()
    .max(ALERT_LIMITS.slackToken)
    .regex(/^xox[bp]-[A-Za-z0-9-]{10,}$/, 'botToken must be a Slack bot token (xoxb-…)'),
  channel: z
    .string()
    .trim()
    .regex(/^[CG][A-Z0-9]{6,20}$/, 'channel must be a Slack channel ID (C0123ABCDE)'),
});
export type SlackAppInput = z.infer<typeof SlackAppInput>;

/** The one Slack method a Slack app endpoint posts to, unless the admin names another host. */
export const SLACK_POST_MESSAGE_URL = 'https://slack.com/api/chat.postMessage';

export const AlertEndpoint = z
  .object({
    id: z.uuid(),
    kind: z.enum(ENDPOINT_KINDS),
    name: z.string(),
    /** The URL with its secret part (path and query) hidden. */
    url: z.string(),
    minSeverity: z.enum(SEVERITIES),
    /** Only alerts of incidents at this priority or higher for the organization; null: any. */
    minPriority: z.enum(PRIORITIES).nullable(),
    enabled: z.boolean(),
    /** For webhooks: the secret's first characters, to tell secrets apart. */
    secretPrefix: z.string().nullable(),
    /** Slack posting as an app: the channel, and the token's last characters (never the token). */
    slackApp: z.object({ channel: z.string(), tokenEnding: z.string() }).nullable(),
    healthy: z.boolean(),
    consecutiveFailures: z.number().int(),
    lastSuccessAt: IsoDateTime.nullable(),
    lastFailureAt: IsoDateTime.nullable(),
    lastError: z.string().nullable(),
    createdAt: IsoDateTime,
  })
  .meta({ id: 'AlertEndpoint' });
export type AlertEndpoint = z.infer<typeof AlertEndpoint>;

export const AlertEndpointCreate = z
  .strictObject({
    kind: z.enum(ENDPOINT_KINDS),
    name: z.string().trim().min(1, 'name is required').max(ALERT_LIMITS.endpointName),
    url: EndpointUrl,
    minSeverity: z.enum(SEVERITIES).default('LOW'),
    minPriority: z.enum(PRIORITIES).nullable().default(null),
    enabled: z.boolean().default(true),
    slackApp: SlackAppInput.nullable().default(null),
  })
  .refine((input) => input.kind === 'SLACK' || !input.slackApp, {
    path: ['slackApp'],
    message: 'slackApp is only for a Slack integration',
  });
export type AlertEndpointCreate = z.input<typeof AlertEndpointCreate>;
export type AlertEndpointInput = z.output<typeof AlertEndpointCreate>;

export const AlertEndpointUpdate = z
  .strictObject({
    name: z.string().trim().min(1, 'name is required').max(ALERT_LIMITS.endpointName),
    url: EndpointUrl,
    minSeverity: z.enum(SEVERITIES),
    minPriority: z.enum(PRIORITIES).nullable(),
    enabled: z.boolean(),
    /** A new token and channel; null goes back to the incoming webhook at `url`. */
    slackApp: SlackAppInput.nullable(),
  })
  .partial();
export type AlertEndpointUpdate = z.input<typeof AlertEndpointUpdate>;

/** Health of every channel (e-mail and SMS: whether configured), from the last day's deliveries. */
export const ChannelHealth = z.object({
  channel: z.enum(DELIVERY_CHANNELS),
  configured: z.boolean(),
  healthy: z.boolean(),
  delivered: z.number().int(),
  failing: z.number().int(),
  lastSuccessAt: IsoDateTime.nullable(),
  lastFailureAt: IsoDateTime.nullable(),
  lastError: z.string().nullable(),
});
export type ChannelHealth = z.infer<typeof ChannelHealth>;

export const AlertEndpointListResponse = z.object({
  message: z.string(),
  data: z.object({ endpoints: z.array(AlertEndpoint), channels: z.array(ChannelHealth) }),
});
export type AlertEndpointListResponse = z.infer<typeof AlertEndpointListResponse>;

export const AlertEndpointResponse = z.object({
  message: z.string(),
  /** `secret` only when a webhook is created: the key its payloads are signed with, shown once. */
  data: z.object({ endpoint: AlertEndpoint, secret: z.string().optional() }),
});
export type AlertEndpointResponse = z.infer<typeof AlertEndpointResponse>;

export const Delivery = z
  .object({
    id: z.uuid(),
    channel: z.enum(DELIVERY_CHANNELS),
    status: z.enum(DELIVERY_STATUSES),
    /** A "Send test" message: logged, never retried nor redelivered (send another test). */
    test: z.boolean(),
    title: z.string(),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: IsoDateTime,
    lastAttemptAt: IsoDateTime.nullable(),
    nextAttemptAt: IsoDateTime.nullable(),
    deliveredAt: IsoDateTime.nullable(),
  })
  .meta({ id: 'Delivery' });
export type Delivery = z.infer<typeof Delivery>;

export const DeliveryListResponse = z.object({
  message: z.string(),
  data: z.object({ deliveries: z.array(Delivery) }),
});
export type DeliveryListResponse = z.infer<typeof DeliveryListResponse>;

export const EndpointTestResponse = z.object({
  message: z.string(),
  data: z.object({ delivery: Delivery }),
});
export type EndpointTestResponse = z.infer<typeof EndpointTestResponse>;
