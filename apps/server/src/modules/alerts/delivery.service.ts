import { WEB_PATHS } from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { OutboundError } from '../../lib/outbound-http.js';
import type { Channels } from './channels.js';
import { briefKey, incidentBriefs } from './incident-brief.js';
import { type DeliveryTarget, type OutboundMessage, delayAfter } from './channel-types.js';
import {
  type DeliveryRow,
  deliveriesRepository as deliveries,
  threadKey,
} from './deliveries.repository.js';

/**
 * A claimed delivery is this instance's for this long; past it (a crash) another takes it.
 * An attempt ends by its timeout, so twice that and some slack is never cut short.
 */
export const deliveryLeaseMs = (timeoutMs: number) => 2 * timeoutMs + 5_000;
/** Deliveries sent at once by one instance: a slow receiver holds only its own. */
const BATCH = 32;

export type SendOutcome =
  { ok: true; statusCode: number | null } | { ok: false; statusCode: number | null; error: string };

/**
 * Sends queued deliveries through their channels and records each outcome: delivered, failed
 * and due again after the channel's backoff, or given up past the channel's horizon. An
 * endpoint's consecutive failures mark it unhealthy; other channels go on regardless.
 */
export class DeliveryService {
  constructor(
    private readonly db: Database,
    private readonly channels: Channels,
    /** Links in messages start here (PUBLIC_URL). */
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
    /** The channels' request timeout: the lease follows it. */
    private readonly timeoutMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

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
    const briefs = await incidentBriefs(
      this.db,
      [...notifications.values()].flatMap((row) =>
        row.incidentId ? [{ organizationId: row.organizationId, incidentId: row.incidentId }] : [],
      ),
    );
    const threads = await deliveries.emailThreadRoots(
      this.db,
      claimed.flatMap((row) => {
        const incidentId = row.notificationId
          ? notifications.get(row.notificationId)?.incidentId
          : null;
        return row.channel === 'EMAIL' && incidentId
          ? [{ recipient: row.recipient, incidentId }]
          : [];
      }),
    );
    await Promise.all(
      claimed.map(async (row) => {
        const notification = row.notificationId ? notifications.get(row.notificationId) : undefined;
        const endpoint = row.endpointId ? endpoints.get(row.endpointId) : undefined;
        if (!notification || (row.endpointId && (!endpoint || endpoint.deletedAt))) {
          await deliveries.markFailed(this.db, row.id, {
            statusCode: null,
            error: 'its notification or endpoint no longer exists',
            retryAt: null,
          });
          return;
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
          threadRootId: this.threadRoot(threads, row, notification.incidentId),
          manageUrl: `${this.publicUrl}${WEB_PATHS.admin.notifications.getHref()}`,
        };
        await this.attempt(row, message, {
          recipient: row.recipient,
          url: endpoint?.url,
          secret: endpoint?.secret,
        });
      }),
    );
    return claimed.length;
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
      (result): SendOutcome => ({ ok: true, statusCode: result.statusCode }),
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
