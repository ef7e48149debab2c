import type { AlertKind, DeliveryChannel, Severity } from '@meridian/contracts';
import type { IncidentBrief } from './incident-brief.js';

/** What a channel sends: one notification (or a test), rendered by the channel in its format. */
export type OutboundMessage = {
  /** The delivery's idempotency key: the same on every retry of one delivery. */
  deliveryId: string;
  kind: AlertKind | 'TEST';
  severity: Severity;
  title: string;
  lines: readonly string[];
  /** The page it is about, as an absolute URL; null when there is none. */
  url: string | null;
  incidentId: string | null;
  /** The incident as it stands when the message leaves (none for a test, or one gone). */
  incident: IncidentBrief | null;
  createdAt: Date;
  /**
   * E-mail: the delivery id whose Message-ID started the recipient's thread about the incident
   * (In-Reply-To, References); null when this message starts it, or is about no incident.
   */
  threadRootId?: string | null;
  /** Where the recipient manages these alerts (their notification settings), absolute. */
  manageUrl?: string | null;
};

/**
 * Who receives it: an e-mail address, or an endpoint's URL (and a webhook's signing secret, or
 * the Slack app posting for it and the thread the message continues).
 */
export type DeliveryTarget = {
  recipient: string;
  url?: string;
  secret?: string | null;
  slack?: { endpointId: string; token: string; channel: string };
  /** The channel's id of the message that started the incident's thread; null: start one. */
  threadRef?: string | null;
};

/**
 * How a channel retries: the first delay doubles per attempt up to `maxDelayMs`; past
 * `horizonMs` after the delivery was written it gives up.
 */
export type RetryPolicy = { firstDelayMs: number; maxDelayMs: number; horizonMs: number };

export type Channel = {
  channel: DeliveryChannel;
  retry: RetryPolicy;
  /** Whether the channel can send at all (e-mail needs SMTP_URL). */
  configured: boolean;
  /**
   * Resolves with the receiver's status code when accepted (and the id of the message it
   * posted, where a thread can continue from it); rejects (OutboundError) otherwise.
   */
  send(
    message: OutboundMessage,
    target: DeliveryTarget,
  ): Promise<{ statusCode: number | null; threadRef?: string }>;
};

export const delayAfter = (policy: RetryPolicy, attempts: number): number =>
  Math.min(policy.firstDelayMs * 2 ** Math.max(0, attempts - 1), policy.maxDelayMs);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const RETRY_POLICIES: Readonly<Record<DeliveryChannel, RetryPolicy>> = {
  EMAIL: { firstDelayMs: 30_000, maxDelayMs: 30 * MINUTE, horizonMs: 24 * HOUR },
  // A text about a disruption is worth little hours later.
  SMS: { firstDelayMs: 30_000, maxDelayMs: 10 * MINUTE, horizonMs: 2 * HOUR },
  SLACK: { firstDelayMs: 10_000, maxDelayMs: 10 * MINUTE, horizonMs: 6 * HOUR },
  TEAMS: { firstDelayMs: 10_000, maxDelayMs: 10 * MINUTE, horizonMs: 6 * HOUR },
  WEBHOOK: { firstDelayMs: 10_000, maxDelayMs: HOUR, horizonMs: 24 * HOUR },
};

const SEVERITY_LABEL: Readonly<Record<Severity, string>> = {
  CRITICAL: 'Critical',
  HIGH: 'High',
  MEDIUM: 'Medium',
  LOW: 'Low',
};
export const severityLabel = (severity: Severity) => SEVERITY_LABEL[severity];
