import { WEB_PATHS } from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { OutboundError } from '../../lib/outbound-http.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { Channels } from './channels.js';
import { type DescribePlace, briefKey, incidentBriefs } from './incident-brief.js';
import { type DeliveryTarget, type OutboundMessage, delayAfter } from './channel-types.js';
import {
  type DeliveryRow,
  deliveriesRepository as deliveries,
  endpointThreadKey,
  threadKey,
} from './deliveries.repository.js';
import type { EndpointRow } from './endpoints.repository.js';

/**
 * A claimed delivery is this instance's for this long; past it (a crash) another takes it.
 * An attempt ends by its timeout, so twice that and some slack is never cut short.
 */
export const deliveryLeaseMs = (timeoutMs: number) => 2 * timeoutMs + 5_000;
/** Deliveries sent at once by one instance: a slow receiver holds only its own. */
const BATCH = 32;

export type SendOutcome =
  | { ok: true; statusCode: number | null; threadRef?: string | undefined }
  | { ok: false; statusCode: number | null; error: string };

export type DeliveryOptions = {
  /** Links in messages start here (PUBLIC_URL). */
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The channels' request timeout: the lease follows it. */
  timeoutMs: number;
  /** Opens Slack apps' bot tokens, sealed in the endpoints table. */
  slackTokens: SecretBox;
  now?: () => Date;
  /** Where an incident is, in words ("24 km SSE of Kaohsiung, Taiwan"); null: unknown. */
  describePlace?: DescribePlace;
};

type Outgoing = { row: DeliveryRow; message: OutboundMessage; target: DeliveryTarget };

/**
 * Sends queued deliveries through their channels and records each outcome: delivered, failed
 * and due again after the channel's backoff, or given up past the channel's horizon. An
 * endpoint's consecutive failures mark it unhealthy; other channels go on regardless.
 */
export class DeliveryService {
  private readonly publicUrl: string;
  private readonly log: FastifyBaseLogger;
  private readonly timeoutMs: number;
  private readonly slackTokens: SecretBox;
  private readonly now: () => Date;
  private readonly describePlace: DescribePlace;

  constructor(
    private readonly db: Database,
    private readonly channels: Channels,
    options: DeliveryOptions,
  ) {
    this.publicUrl = options.publicUrl;
    this.log = options.log;
    this.timeoutMs = options.timeoutMs;
    this.slackTokens = options.slackTokens;
    this.now = options.now ?? (() => new Date());
    this.describePlace = options.describePlace ?? (async () => null);
  }

  /** Claims and sends one batch of due deliveries; answers how many it claimed. */
  async sendDue(): Promise<number> {
    const claimed = await deliveries.claim(
      this.db,
      this.now(),
      deliveryLeaseMs(this.timeoutMs),
      BATCH,
    );
    if (claimed.length === 0) return 0;
    const notifications = new Map(
      (
        await deliveries.notificationsByIds(
          this.db,
          claimed.flatMap((row) => (row.notificationId ? [row.notificationId] : [])),
        )
      ).map((row) => [row.id, row]),
    );
    const endpoints = new Map(
      (
        await deliveries.endpointsByIds(
          this.db,
          claimed.flatMap((row) => (row.endpointId ? [row.endpointId] : [])),
        )
      ).map((row) => [row.id, row]),
    );
    const incidentOf = (row: DeliveryRow) =>
      (row.notificationId ? notifications.get(row.notificationId)?.incidentId : null) ?? null;
    const briefs = await incidentBriefs(
      this.db,
      [...notifications.values()].flatMap((row) =>
        row.incidentId ? [{ organizationId: row.organizationId, incidentId: row.incidentId }] : [],
      ),
      this.describePlace,
    );
    const [emailThreads, endpointThreads] = await Promise.all([
      deliveries.emailThreadRoots(
        this.db,
        claimed.flatMap((row) => {
          const incidentId = incidentOf(row);
          return row.channel === 'EMAIL' && incidentId
            ? [{ recipient: row.recipient, incidentId }]
            : [];
        }),
      ),
      deliveries.endpointThreads(
        this.db,
        claimed.flatMap((row) => {
          const incidentId = incidentOf(row);
          return row.endpointId && incidentId ? [{ endpointId: row.endpointId, incidentId }] : [];
        }),
      ),
    ]);
    // Deliveries of one endpoint's thread go one after another: the first one's answer (the
    // Slack message it posted) is where the next replies. Everything else goes at once.
    const lanes = new Map<string, Outgoing[]>();
    for (const row of claimed) {
      const notification = row.notificationId ? notifications.get(row.notificationId) : undefined;
      const endpoint = row.endpointId ? endpoints.get(row.endpointId) : undefined;
      if (!notification || (row.endpointId && (!endpoint || endpoint.deletedAt))) {
        await deliveries.markFailed(this.db, row.id, {
          statusCode: null,
          error: 'its notification or endpoint no longer exists',
          retryAt: null,
        });
        continue;
      }
      const message: OutboundMessage = {
        deliveryId: row.id,
        kind: notification.kind,
        severity: notification.severity,
        title: notification.title,
        lines: notification.lines,
        url: notification.link ? `${this.publicUrl}${notification.link}` : null,
        incidentId: notification.incidentId,
        incident: notification.incidentId
          ? (briefs.get(briefKey(notification.organizationId, notification.incidentId)) ?? null)
          : null,
        createdAt: notification.sentAt ?? notification.createdAt,
        threadRootId: this.threadRoot(emailThreads, row, notification.incidentId),
        manageUrl: `${this.publicUrl}${WEB_PATHS.admin.notifications.getHref()}`,
      };
      const target = this.targetOf(row, endpoint);
      const lane =
        target.slack && notification.incidentId
          ? endpointThreadKey(target.slack.endpointId, notification.incidentId)
          : row.id;
      lanes.set(lane, [...(lanes.get(lane) ?? []), { row, message, target }]);
    }
    await Promise.all(
      [...lanes.values()].map(async (lane) => {
        for (const { row, message, target } of lane) {
          const key =
            target.slack && message.incidentId
              ? endpointThreadKey(target.slack.endpointId, message.incidentId)
              : null;
          const threadRef = key ? (endpointThreads.get(key) ?? null) : null;
          const outcome = await this.attempt(row, message, { ...target, threadRef });
          if (key && !threadRef && outcome.ok && outcome.threadRef && target.slack) {
            endpointThreads.set(key, outcome.threadRef);
            await deliveries.recordEndpointThread(this.db, {
              endpointId: target.slack.endpointId,
              incidentId: message.incidentId as string,
              threadRef: outcome.threadRef,
            });
          }
        }
      }),
    );
    return claimed.length;
  }

  /** Where a delivery goes: the member's address, or the endpoint (and its Slack app). */
  targetOf(row: DeliveryRow, endpoint: EndpointRow | undefined): DeliveryTarget {
    if (!endpoint) return { recipient: row.recipient };
    const slack =
      endpoint.kind === 'SLACK' && endpoint.slackBotToken && endpoint.slackChannel
        ? {
            endpointId: endpoint.id,
            token: this.slackTokens.open(endpoint.slackBotToken),
            channel: endpoint.slackChannel,
          }
        : undefined;
    return {
      recipient: row.recipient,
      url: endpoint.url,
      secret: endpoint.secret,
      ...(slack ? { slack } : {}),
    };
  }

  /** The thread an e-mail continues: its first message's delivery, unless it is that one. */
  private threadRoot(
    threads: ReadonlyMap<string, string>,
    row: DeliveryRow,
    incidentId: string | null,
  ): string | null {
    if (row.channel !== 'EMAIL' || !incidentId) return null;
    const root = threads.get(threadKey(row.recipient, incidentId));
    return root && root !== row.id ? root : null;
  }

  /** Sends once and records the outcome on the delivery (and its endpoint). */
  async attempt(
    row: DeliveryRow,
    message: OutboundMessage,
    target: DeliveryTarget,
    retry = true,
  ): Promise<SendOutcome> {
    const channel = this.channels[row.channel];
    const outcome = await channel.send(message, target).then(
      (result): SendOutcome => ({
        ok: true,
        statusCode: result.statusCode,
        threadRef: result.threadRef,
      }),
      (error: unknown): SendOutcome => ({
        ok: false,
        statusCode: error instanceof OutboundError ? error.statusCode : null,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    const now = this.now();
    if (outcome.ok) {
      await deliveries.markDelivered(this.db, row.id, now, outcome.statusCode);
    } else {
      const next = new Date(now.getTime() + delayAfter(channel.retry, row.attempts));
      const horizon = new Date(row.createdAt.getTime() + channel.retry.horizonMs);
      await deliveries.markFailed(this.db, row.id, {
        statusCode: outcome.statusCode,
        error: outcome.error,
        retryAt: retry && next < horizon ? next : null,
      });
      this.log.warn(
        {
          delivery: { id: row.id, channel: row.channel, attempts: row.attempts },
          error: outcome.error,
        },
        'alert delivery failed',
      );
    }
    if (row.endpointId) {
      await deliveries.recordEndpointResult(
        this.db,
        row.endpointId,
        now,
        outcome.ok ? null : outcome.error,
      );
    }
    return outcome;
  }
}
