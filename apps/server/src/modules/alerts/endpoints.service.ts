import {
  ALERT_LIMITS,
  type AlertEndpoint,
  type AlertEndpointInput,
  type AlertEndpointUpdate,
  type ChannelHealth,
  DELIVERY_CHANNELS,
  type Delivery,
  type SlackAppInput,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.js';
import { type Actor, requireAccess } from '../../lib/access.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { namesPrivateHost } from '../../lib/outbound-http.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Channels } from './channels.js';
import type { DeliveryService } from './delivery.service.js';
import { type DeliveryRow, deliveriesRepository as deliveries } from './deliveries.repository.js';
import { type EndpointRow, endpointsRepository as endpoints } from './endpoints.repository.js';

const DAY_MS = 24 * 60 * 60_000;
/** Test messages' idempotency keys start so: they have no notification to send again. */
const TEST_KEY_PREFIX = 'test:';
/**
 * A test message is sent by the request itself, once: never due for the delivery worker, which
 * would otherwise claim the row between its insert and the answer and give it up (it has no
 * notification), overwriting the answer in the log.
 */
const NEVER_DUE = new Date('9999-12-31T00:00:00Z');
const LOG_SIZE = 50;

/** The address without its secret part: Slack and Teams put the key in the path. */
export function maskUrl(url: string): string {
  const parsed = new URL(url);
  const tail = `${parsed.pathname}${parsed.search}`;
  return tail.length > 1 ? `${parsed.origin}/…${tail.slice(-4)}` : parsed.origin;
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** What a token shows of itself once saved: its last four characters. */
const TOKEN_ENDING = 4;

const toEndpointDto = (row: EndpointRow): AlertEndpoint => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  url: maskUrl(row.url),
  minSeverity: row.minSeverity,
  minPriority: row.minPriority,
  enabled: row.enabled,
  secretPrefix: row.secret ? row.secret.slice(0, 10) : null,
  slackApp:
    row.slackChannel && row.slackBotTokenEnding
      ? { channel: row.slackChannel, tokenEnding: row.slackBotTokenEnding }
      : null,
  healthy: row.consecutiveFailures < ALERT_LIMITS.unhealthyAfter,
  consecutiveFailures: row.consecutiveFailures,
  lastSuccessAt: iso(row.lastSuccessAt),
  lastFailureAt: iso(row.lastFailureAt),
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
});

export const toDeliveryDto = (row: DeliveryRow): Delivery => ({
  id: row.id,
  channel: row.channel,
  status: row.status,
  test: row.idempotencyKey.startsWith(TEST_KEY_PREFIX),
  title: row.title,
  attempts: row.attempts,
  lastStatusCode: row.lastStatusCode,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: iso(row.lastAttemptAt),
  nextAttemptAt:
    row.status === 'PENDING' || row.status === 'FAILED' ? iso(row.nextAttemptAt) : null,
  deliveredAt: iso(row.deliveredAt),
});

/** What an audit entry keeps of an endpoint: as its admins see it, never the secret. */
const audited = toEndpointDto;

/**
 * An organization's integrations (Slack, Teams, webhooks): its ADMINs add, change, test and
 * remove them and read their delivery logs; every change is audited.
 */
export class EndpointsService {
  constructor(
    private readonly db: Database,
    private readonly channels: Channels,
    private readonly delivery: DeliveryService,
    private readonly allowPrivateUrls: boolean,
    private readonly onRedeliver: () => void,
    /** Seals Slack apps' bot tokens before they are stored. */
    private readonly slackTokens: SecretBox,
  ) {}

  async list(actor: Actor): Promise<{ endpoints: AlertEndpoint[]; channels: ChannelHealth[] }> {
    requireAccess(actor, 'organization.administer', API_MESSAGES.alert.adminOnly);
    const [rows, summary] = await Promise.all([
      endpoints.list(this.db, actor.organizationId),
      deliveries.channelSummary(this.db, actor.organizationId, new Date(Date.now() - DAY_MS)),
    ]);
    const byChannel = new Map(summary.map((row) => [row.channel, row]));
    const channels = DELIVERY_CHANNELS.map((channel): ChannelHealth => {
      const row = byChannel.get(channel);
      const lastSuccess = iso(row?.lastSuccessAt ?? null);
      const lastFailure = iso(row?.lastFailureAt ?? null);
      return {
        channel,
        configured: this.channels[channel].configured,
        healthy: !lastFailure || (lastSuccess !== null && lastSuccess > lastFailure),
        delivered: row?.delivered ?? 0,
        failing: row?.failing ?? 0,
        lastSuccessAt: lastSuccess,
        lastFailureAt: lastFailure,
        lastError: row?.lastError ?? null,
      };
    });
    return { endpoints: rows.map(toEndpointDto), channels };
  }

  async create(
    actor: Actor,
    input: AlertEndpointInput,
  ): Promise<{ endpoint: AlertEndpoint; secret?: string }> {
    requireAccess(actor, 'organization.administer', API_MESSAGES.alert.adminOnly);
    this.assertReachable(input.url);
    const secret =
      input.kind === 'WEBHOOK' ? `whsec_${randomBytes(24).toString('base64url')}` : null;
    return this.db.transaction(async (tx) => {
      const row = await endpoints.insert(tx, {
        organizationId: actor.organizationId,
        kind: input.kind,
        name: input.name,
        url: input.url,
        secret,
        minSeverity: input.minSeverity,
        minPriority: input.minPriority,
        enabled: input.enabled,
        ...this.slackColumns(input.slackApp),
      });
      await recordAudit(tx, actor, {
        action: 'integration.create',
        targetType: 'integration',
        targetId: row.id,
        after: audited(row),
      });
      return { endpoint: toEndpointDto(row), ...(secret ? { secret } : {}) };
    });
  }

  async update(actor: Actor, id: string, input: AlertEndpointUpdate): Promise<AlertEndpoint> {
    return this.db.transaction(async (tx) => {
      const before = await this.visible(tx, actor, id);
      if (input.url) this.assertReachable(input.url);
      if (input.slackApp && before.kind !== 'SLACK') {
        throw badRequest(API_MESSAGES.alert.slackAppOnlyForSlack);
      }
      const { slackApp, ...changes } = input;
      const after = await endpoints.update(tx, id, {
        ...changes,
        ...(slackApp === undefined ? {} : this.slackColumns(slackApp)),
      });
      await recordAudit(tx, actor, {
        action: 'integration.update',
        targetType: 'integration',
        targetId: id,
        before: audited(before),
        after: audited(after),
      });
      return toEndpointDto(after);
    });
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.visible(tx, actor, id);
      await endpoints.remove(tx, id, new Date());
      await recordAudit(tx, actor, {
        action: 'integration.delete',
        targetType: 'integration',
        targetId: id,
        before: audited(before),
      });
    });
  }

  /** Sends a test message now and answers with its delivery (kept in the log, never retried). */
  async test(actor: Actor, id: string): Promise<{ delivery: Delivery; ok: boolean }> {
    const endpoint = await this.visible(this.db, actor, id);
    const row = await deliveries.insertOne(this.db, {
      organizationId: actor.organizationId,
      notificationId: null,
      endpointId: endpoint.id,
      channel: endpoint.kind,
      recipient: endpoint.id,
      idempotencyKey: `${TEST_KEY_PREFIX}${randomBytes(12).toString('hex')}`,
      title: 'Test message from Meridian',
      attempts: 1,
      lastAttemptAt: new Date(),
      nextAttemptAt: NEVER_DUE,
    });
    const outcome = await this.delivery.attempt(
      row,
      {
        deliveryId: row.id,
        kind: 'TEST',
        severity: 'LOW',
        title: 'Test message from Meridian',
        lines: [`${endpoint.name} is connected: alerts will arrive here.`],
        url: null,
        incidentId: null,
        incident: null,
        createdAt: new Date(),
      },
      this.delivery.targetOf(row, endpoint),
      false,
    );
    const saved = await deliveries.find(this.db, actor.organizationId, row.id);
    return { delivery: toDeliveryDto(saved ?? row), ok: outcome.ok };
  }

  async deliveries(actor: Actor, id: string): Promise<Delivery[]> {
    await this.visible(this.db, actor, id);
    const rows = await deliveries.forEndpoint(this.db, actor.organizationId, id, LOG_SIZE);
    return rows.map(toDeliveryDto);
  }

  async redeliver(actor: Actor, id: string): Promise<Delivery> {
    const row = await this.db.transaction(async (tx) => {
      const delivery = await deliveries.find(tx, actor.organizationId, id);
      if (!delivery) throw notFound(API_MESSAGES.alert.deliveryNotFound);
      requireAccess(actor, 'organization.administer', API_MESSAGES.alert.adminOnly);
      if (delivery.idempotencyKey.startsWith(TEST_KEY_PREFIX)) {
        throw conflict(API_MESSAGES.alert.testNotRedelivered);
      }
      const again = await deliveries.redeliver(tx, id, new Date());
      await recordAudit(tx, actor, {
        action: 'delivery.redeliver',
        targetType: 'delivery',
        targetId: id,
        before: { status: delivery.status, attempts: delivery.attempts },
      });
      return again;
    });
    this.onRedeliver();
    return toDeliveryDto(row);
  }

  /** Another organization's endpoint is not found; a member without the right is refused. */
  private async visible(
    db: Parameters<typeof endpoints.find>[0],
    actor: Actor,
    id: string,
  ): Promise<EndpointRow> {
    const row = await endpoints.find(db, actor.organizationId, id);
    if (!row) throw notFound(API_MESSAGES.alert.endpointNotFound);
    requireAccess(actor, 'organization.administer', API_MESSAGES.alert.adminOnly);
    return row;
  }

  /** The columns a Slack app is stored in: its token sealed, and the last characters shown. */
  private slackColumns(app: SlackAppInput | null) {
    return app
      ? {
          slackBotToken: this.slackTokens.seal(app.botToken),
          slackBotTokenEnding: app.botToken.slice(-TOKEN_ENDING),
          slackChannel: app.channel,
        }
      : { slackBotToken: null, slackBotTokenEnding: null, slackChannel: null };
  }

  /** A literal private address is refused when saved; names are checked when sent. */
  private assertReachable(url: string): void {
    if (!this.allowPrivateUrls && namesPrivateHost(url)) {
      throw badRequest(`url: ${API_MESSAGES.alert.privateAddress}`);
    }
  }
}
