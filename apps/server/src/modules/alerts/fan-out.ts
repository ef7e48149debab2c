import {
  ALERT_LIMITS,
  PERSONAL_ALERT_KINDS,
  type Priority,
  type QuietHours,
  SEVERITY_RANK,
  type Severity,
  alertRoute,
  channelCarries,
  meetsPriority,
} from '@meridian/contracts';
import { LOCKS, lockFor } from '../../db/advisory-lock.js';
import type { Database, Executor } from '../../db/client.js';
import type { BackgroundWork } from '../../jobs/background.js';
import {
  type AlertRow,
  type NotificationRow,
  type Recipient,
  alertsRepository as alerts,
} from './alerts.repository.js';
import { ALERT_JOBS } from './alerts.jobs.js';
import type { Channels } from './channels.js';
import {
  type TargetDelivery,
  memberSettings,
  organizationSettings,
  personalDeliveries,
} from './member-channels.js';
import { notificationTitle, titleOf } from './alert-titles.js';
import { HOLD_NOTES, type Hold, holdFor, quietZone } from './holds.js';
import { type InboxChange, inboxRepository } from './inbox.repository.js';
import { type NewDelivery, deliveriesRepository } from './deliveries.repository.js';

/** One way a notification leaves: a channel and its address (and the endpoint, for those). */
const HOUR = 60 * 60_000;

/** A recipient the alert reaches, with where its message goes (and a member's quiet hours). */
type Target = { recipient: Recipient; deliveries: TargetDelivery[]; quiet?: QuietHours };

/** An endpoint's thresholds: the incident's severity, and its priority when one is set. */
const passes = (
  endpoint: { minSeverity: Severity; minPriority: Priority | null },
  alert: { severity: Severity; priority: Priority | null },
) =>
  SEVERITY_RANK[alert.severity] >= SEVERITY_RANK[endpoint.minSeverity] &&
  meetsPriority(endpoint.minPriority, alert.priority);

/**
 * Turns an alert into notifications. Each active member who wants it (their preferences, or
 * the organization's defaults) has it in their in-app inbox at once, in the incident's one
 * thread; their channels carry only what `alertRoute` sends there (an incident crossing their
 * alert priority, a critical site hit, their own work, the resolution of their incident).
 * Slack and Teams post what reaches a member's channels there and passes the endpoint's
 * thresholds; webhooks receive every alert, at once. One incident reaches a member's channels
 * at most once per digest window, later changes folded into one digest sent when it ends
 * (what is assigned to them goes at once); in their quiet hours what can wait is held for
 * their end, and past their hourly cap the rest waits for a digest, each saying why. An alert raised within a bulk change reaches
 * people through the change's summary only. Deliveries are queued in the same transaction,
 * so a crash loses none and repeats none.
 */
export class AlertFanOut {
  constructor(
    private readonly db: Database,
    private readonly background: BackgroundWork,
    private readonly channels: Channels,
    /** Called after a transaction queued deliveries: the delivery worker looks at once. */
    private readonly onDeliveries: () => void,
    /** One incident reaches a recipient at most once per this window (15 minutes by default). */
    private readonly windowMs: number = ALERT_LIMITS.digestWindowMs,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async fanOut(alertId: string): Promise<void> {
    const now = this.now();
    const queued = await this.db.transaction(async (tx) => {
      const alert = await alerts.lock(tx, alertId);
      if (!alert || alert.fannedOutAt) return false;
      // One fan-out at a time per incident: the window's check and its message go together.
      if (alert.incidentId) {
        await lockFor(tx, LOCKS.alerts, `${alert.organizationId}:${alert.incidentId}`);
      }
      const endpoints = await alerts.activeEndpoints(tx, alert.organizationId);
      const webhooks = endpoints.filter(
        (endpoint) => endpoint.kind === 'WEBHOOK' && passes(endpoint, alert),
      );
      let queued = await this.toWebhooks(tx, alert, webhooks, now);
      if (!alert.batchKey) {
        const { inbox, targets, chat } = await this.routed(tx, alert);
        await inboxRepository.record(tx, inbox, now);
        // Slack and Teams post to a channel what reaches a member's channels there.
        for (const endpoint of endpoints) {
          if (endpoint.kind === 'WEBHOOK' || !chat.has(endpoint.kind)) continue;
          if (alert.targetUserId || !passes(endpoint, alert)) continue;
          targets.push({
            recipient: { endpointId: endpoint.id },
            deliveries: [
              { channel: endpoint.kind, recipient: endpoint.id, endpointId: endpoint.id },
            ],
          });
        }
        queued = (await this.notifyAll(tx, alert, targets, now)) || queued;
      }
      await alerts.markFannedOut(tx, alert.id, now);
      return queued;
    });
    if (queued) this.onDeliveries();
  }

  /** Who has the alert in their inbox, and whose channels (and which chat tools) carry it. */
  private async routed(tx: Executor, alert: AlertRow) {
    const defaults = organizationSettings(
      await alerts.organizationDefaults(tx, alert.organizationId),
    );
    const inbox: InboxChange[] = [];
    const targets: Target[] = [];
    const chat = new Set<string>();
    const title = titleOf(alert);
    for (const member of await alerts.members(tx, alert.organizationId)) {
      if (alert.targetUserId && member.id !== alert.targetUserId) continue;
      if (member.id === alert.actorUserId) continue;
      const settings = memberSettings(defaults, member.notifications);
      const route = alertRoute(settings, alert, member.id);
      if (!route) continue;
      inbox.push({
        organizationId: alert.organizationId,
        userId: member.id,
        incidentId: alert.incidentId,
        kind: alert.kind,
        severity: alert.severity,
        priority: alert.priority,
        title,
        line: alert.line,
        link: alert.link,
        alerted: route === 'CHANNELS',
      });
      if (route !== 'CHANNELS') continue;
      if (channelCarries(settings, alert.kind, 'slack')) chat.add('SLACK');
      if (channelCarries(settings, alert.kind, 'teams')) chat.add('TEAMS');
      targets.push({
        recipient: { userId: member.id },
        deliveries: personalDeliveries(this.channels, settings, alert.kind, member.email),
        quiet: {
          ...settings.quietHours,
          timeZone: quietZone(member.preferences, settings.quietHours),
        },
      });
    }
    return { inbox, targets, chat };
  }

  /** Every alert to every webhook above its thresholds, at once: machines want all of it. */
  private async toWebhooks(
    tx: Executor,
    alert: AlertRow,
    webhooks: readonly { id: string }[],
    now: Date,
  ): Promise<boolean> {
    if (webhooks.length === 0) return false;
    const title = notificationTitle({ kind: alert.kind, lines: [alert.line], title: alert.title });
    const rows = await alerts.insertSentMany(
      tx,
      webhooks.map((endpoint) => ({
        ...this.rowOf(alert, { endpointId: endpoint.id }),
        title,
        sendAfter: now,
        sentAt: now,
      })),
    );
    await deliveriesRepository.insertMany(
      tx,
      rows.map((row) => ({
        organizationId: alert.organizationId,
        notificationId: row.id,
        endpointId: row.endpointId,
        channel: 'WEBHOOK' as const,
        recipient: row.endpointId ?? '',
        idempotencyKey: `${row.id}:WEBHOOK:${row.endpointId ?? ''}`,
        title,
      })),
    );
    return true;
  }

  /** A digest whose window has ended: sent now with every change folded into it. */
  async sendDigest(notificationId: string): Promise<void> {
    const now = this.now();
    const queued = await this.db.transaction(async (tx) => {
      // The incident's lock before the row's, in the fan-out's order: no deadlock between them.
      const scope = await alerts.scopeOf(tx, notificationId);
      if (scope?.incidentId) {
        await lockFor(tx, LOCKS.alerts, `${scope.organizationId}:${scope.incidentId}`);
      }
      const row = await alerts.lockUnsent(tx, notificationId);
      // Not due yet (held past the window): the job for its time sends it.
      if (!row || row.sendAfter > now) return false;
      return this.send(tx, row, now);
    });
    if (queued) this.onDeliveries();
  }

  /**
   * Sends at once, in a few statements for all, to every recipient the incident has not
   * reached within the window (nor has a digest waiting for), and to everyone for what cannot
   * wait (their own work); folds it into the digest of the others. Answers whether deliveries were
   * queued.
   */
  private async notifyAll(
    tx: Executor,
    alert: AlertRow,
    targets: readonly Target[],
    now: Date,
  ): Promise<boolean> {
    if (targets.length === 0) return false;
    const recent =
      alert.incidentId && !PERSONAL_ALERT_KINDS.has(alert.kind)
        ? await alerts.recentFor(tx, alert.incidentId, new Date(now.getTime() - this.windowMs))
        : new Map<string, { lastSentAt: Date | null; pending: boolean }>();
    const keyOf = (recipient: Recipient) =>
      'userId' in recipient ? recipient.userId : recipient.endpointId;
    const holds = await this.holds(tx, alert, targets, now);
    const fresh = targets.filter(
      (target) => !recent.has(keyOf(target.recipient)) && !holds.has(keyOf(target.recipient)),
    );
    let queued = false;
    if (fresh.length > 0) {
      const title = notificationTitle({
        kind: alert.kind,
        lines: [alert.line],
        title: alert.title,
      });
      const rows = await alerts.insertSentMany(
        tx,
        fresh.map((target) => ({
          ...this.rowOf(alert, target.recipient),
          title,
          sendAfter: now,
          sentAt: now,
        })),
      );
      const byRecipient = new Map(rows.map((row) => [row.userId ?? row.endpointId ?? '', row.id]));
      const outbox: NewDelivery[] = fresh.flatMap((target) => {
        const notificationId = byRecipient.get(keyOf(target.recipient)) ?? '';
        return target.deliveries.map((delivery) => ({
          organizationId: alert.organizationId,
          notificationId,
          endpointId: delivery.endpointId ?? null,
          channel: delivery.channel,
          recipient: delivery.recipient,
          idempotencyKey: `${notificationId}:${delivery.channel}:${delivery.recipient}`,
          title,
        }));
      });
      await deliveriesRepository.insertMany(tx, outbox);
      queued = outbox.length > 0;
    }
    for (const target of targets) {
      const seen = recent.get(keyOf(target.recipient));
      const hold = holds.get(keyOf(target.recipient));
      if (!seen && !hold) continue;
      queued =
        (await this.fold(tx, alert, target.recipient, {
          lastSentAt: seen?.lastSentAt ?? null,
          hold: hold ?? null,
          now,
        })) || queued;
    }
    return queued;
  }

  /** Which members' messages wait (quiet hours, the hourly cap), by member id. */
  private async holds(
    tx: Executor,
    alert: AlertRow,
    targets: readonly Target[],
    now: Date,
  ): Promise<Map<string, Hold>> {
    const members = targets.flatMap((target) =>
      'userId' in target.recipient && target.quiet
        ? [{ userId: target.recipient.userId, quiet: target.quiet }]
        : [],
    );
    const lastHour = await alerts.sentSince(
      tx,
      members.map((member) => member.userId),
      new Date(now.getTime() - HOUR),
    );
    const holds = new Map<string, Hold>();
    for (const { userId, quiet } of members) {
      const hold = holdFor(alert, quiet, lastHour.get(userId) ?? { sent: 0, oldest: null }, now);
      if (hold) holds.set(userId, hold);
    }
    return holds;
  }

  private rowOf(alert: AlertRow, recipient: Recipient) {
    return {
      organizationId: alert.organizationId,
      userId: 'userId' in recipient ? recipient.userId : null,
      endpointId: 'endpointId' in recipient ? recipient.endpointId : null,
      incidentId: alert.incidentId,
      kind: alert.kind,
      severity: alert.severity,
      title: alert.title,
      lines: [alert.line],
      link: alert.link,
      alertIds: [alert.id],
    };
  }

  /**
   * Into the recipient's digest, due when the window ends (or a hold does, whichever is later);
   * sent now if that has passed. A held digest's job is keyed by its time: a job due sooner
   * (the window's) finds it not due and leaves it.
   */
  private async fold(
    tx: Executor,
    alert: AlertRow,
    recipient: Recipient,
    when: { lastSentAt: Date | null; hold: Hold | null; now: Date },
  ): Promise<boolean> {
    const { lastSentAt, hold, now } = when;
    const windowEnd = lastSentAt ? new Date(lastSentAt.getTime() + this.windowMs) : now;
    const digest = await alerts.foldIntoDigest(tx, {
      ...this.rowOf(alert, recipient),
      sendAfter: hold && hold.until > windowEnd ? hold.until : windowEnd,
      held: hold?.reason ?? null,
    });
    if (digest.sendAfter <= now) {
      const pending = await alerts.lockUnsent(tx, digest.id);
      return pending ? this.send(tx, pending, now) : false;
    }
    const key = hold ? `${digest.id}@${digest.sendAfter.toISOString()}` : digest.id;
    await this.background.enqueue(
      tx,
      ALERT_JOBS.digest,
      key,
      { notificationId: digest.id },
      digest.sendAfter,
    );
    return false;
  }

  /** Marks it sent (the in-app list shows it from now) and queues its deliveries. */
  private async send(tx: Executor, row: NotificationRow, now: Date): Promise<boolean> {
    const title = notificationTitle(row);
    // A held digest says why it comes late.
    await alerts.markSent(tx, row.id, now, {
      title,
      lines: row.held ? [...row.lines, HOLD_NOTES[row.held]] : row.lines,
    });
    const queued: NewDelivery[] = [];
    const base = { organizationId: row.organizationId, notificationId: row.id, title };
    if (row.userId) {
      const member = await alerts.member(tx, row.userId);
      if (member?.accountStatus === 'ACTIVE') {
        // The member's settings as they are now: a digest goes where they want it today.
        const settings = memberSettings(
          organizationSettings(await alerts.organizationDefaults(tx, row.organizationId)),
          await alerts.userSettings(tx, row.userId),
        );
        for (const delivery of personalDeliveries(
          this.channels,
          settings,
          row.kind,
          member.email,
        )) {
          queued.push({
            ...base,
            endpointId: null,
            channel: delivery.channel,
            recipient: delivery.recipient,
            idempotencyKey: `${row.id}:${delivery.channel}:${delivery.recipient}`,
          });
        }
      }
    } else if (row.endpointId) {
      const endpoint = await alerts.endpoint(tx, row.endpointId);
      if (endpoint && endpoint.enabled && !endpoint.deletedAt) {
        queued.push({
          ...base,
          endpointId: endpoint.id,
          channel: endpoint.kind,
          recipient: endpoint.id,
          idempotencyKey: `${row.id}:${endpoint.kind}:${endpoint.id}`,
        });
      }
    }
    await deliveriesRepository.insertMany(tx, queued);
    return queued.length > 0;
  }
}
