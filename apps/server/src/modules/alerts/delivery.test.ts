import { SecretBox } from '../../lib/secret-box.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertEndpoints, deliveries, notifications } from '../../db/schema.js';
import { Mailer } from '../../lib/mailer.js';
import { OutboundError, isPrivateAddress, post } from '../../lib/outbound-http.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';
import { type WebhookReceiver, startWebhookReceiver } from '../../test/webhook-receiver.js';
import { buildChannels } from './channels.js';
import { DELIVERY_HEADER } from './channel-webhook.js';
import { DeliveryService } from './delivery.service.js';

/**
 * The outbox with a clock the test moves and a real local receiver: each channel's backoff,
 * giving up at its horizon, and several senders on one database delivering each row once.
 */
let server: TestServer;
let receiver: WebhookReceiver;
let organizationId = '';
let endpointId = '';
let notificationId = '';
let clock = new Date('2026-11-24T08:00:00Z');
const SECOND = 1000;
const at = (seconds: number) => new Date(Date.parse('2026-11-24T08:00:00Z') + seconds * SECOND);

const channels = () =>
  buildChannels(
    { allowPrivateUrls: true, timeoutMs: 2000, sms: null },
    new Mailer({ smtpUrl: undefined, from: 'alerts@outbox.example' }, server.app.log),
  );
const sender = () =>
  new DeliveryService(server.database.db, channels(), {
    publicUrl: 'https://meridian.example',
    log: server.app.log,
    timeoutMs: 2000,
    slackTokens: new SecretBox('a test signing secret', 'slack-bot-token'),
    now: () => clock,
  });

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer({ WORKERS: '0' });
  organizationId = (await server.createOrganization('Outbox Co')).id;
  const [endpoint] = await server.database.db
    .insert(alertEndpoints)
    .values({
      organizationId,
      kind: 'WEBHOOK',
      name: 'Receiver',
      url: receiver.url('/outbox'),
      secret: 'whsec_test',
    })
    .returning();
  endpointId = endpoint?.id ?? '';
  const [notification] = await server.database.db
    .insert(notifications)
    .values({
      organizationId,
      endpointId,
      kind: 'INCIDENT_CREATED',
      severity: 'HIGH',
      title: 'New incident: Port fire',
      lines: ['Recorded by someone'],
      link: '/admin/events/00000000-0000-4000-8000-000000000000',
      alertIds: [],
      sentAt: at(0),
    })
    .returning();
  notificationId = notification?.id ?? '';
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

const queue = async (key: string) => {
  const [row] = await server.database.db
    .insert(deliveries)
    .values({
      organizationId,
      notificationId,
      endpointId,
      channel: 'WEBHOOK',
      recipient: endpointId,
      idempotencyKey: key,
      title: 'New incident: Port fire',
      nextAttemptAt: clock,
      createdAt: clock,
    })
    .returning();
  return row?.id ?? '';
};
const read = async (id: string) =>
  (await server.database.db.select().from(deliveries).where(eq(deliveries.id, id)))[0];

describe('outbox delivery', () => {
  it('backs off 10 s, 20 s, 40 s… on failure and gives up past the webhook horizon of 24 h', async () => {
    receiver.answer('/outbox', 503);
    clock = at(0);
    const id = await queue('backoff');
    const service = sender();
    expect(await service.sendDue()).toBe(1);
    expect(await read(id)).toMatchObject({
      status: 'FAILED',
      attempts: 1,
      lastStatusCode: 503,
      nextAttemptAt: at(10),
    });
    // Not due before its time.
    clock = at(9);
    expect(await service.sendDue()).toBe(0);
    clock = at(10);
    expect(await service.sendDue()).toBe(1);
    expect((await read(id))?.nextAttemptAt).toEqual(at(30));

    // A day later the next retry would fall past the horizon: given up.
    clock = at(24 * 3600 - 5);
    await server.database.db
      .update(deliveries)
      .set({ nextAttemptAt: clock })
      .where(eq(deliveries.id, id));
    expect(await service.sendDue()).toBe(1);
    expect(await read(id)).toMatchObject({ status: 'GAVE_UP', attempts: 3 });
    clock = at(25 * 3600);
    expect(await service.sendDue()).toBe(0);
  });

  it('delivers with the message rendered for the receiver and records the status code', async () => {
    receiver.answer('/outbox', 202);
    clock = at(100_000);
    const id = await queue('rendered');
    await sender().sendDue();
    expect(await read(id)).toMatchObject({ status: 'DELIVERED', lastStatusCode: 202 });
    const got = receiver.received('/outbox').find((entry) => entry.headers[DELIVERY_HEADER] === id);
    expect(got?.json).toMatchObject({
      id,
      type: 'alert',
      alert: {
        kind: 'INCIDENT_CREATED',
        severity: 'HIGH',
        title: 'New incident: Port fire',
        url: 'https://meridian.example/admin/events/00000000-0000-4000-8000-000000000000',
      },
    });
  });

  it('delivers each row once when several senders claim at the same time', async () => {
    receiver.answer('/outbox', 200);
    clock = at(200_000);
    const ids = await Promise.all(Array.from({ length: 25 }, (_, index) => queue(`race-${index}`)));
    const senders = [sender(), sender(), sender()];
    let claimed = 0;
    for (;;) {
      const counts = await Promise.all(senders.map((one) => one.sendDue()));
      const total = counts.reduce((sum, count) => sum + count, 0);
      if (total === 0) break;
      claimed += total;
    }
    expect(claimed).toBe(25);
    const hits = receiver
      .received('/outbox')
      .filter((entry) => ids.includes(String(entry.headers[DELIVERY_HEADER])));
    expect(hits).toHaveLength(25);
    expect(new Set(hits.map((entry) => entry.headers[DELIVERY_HEADER])).size).toBe(25);
  });
});

describe('outbound requests to addresses organizations give', () => {
  it('knows private, loopback, link-local and metadata addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700::1111']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('refuses them unless allowed, whether given as an address or as a name that resolves there', async () => {
    const before = receiver.received('/private').length;
    const refused = (url: string) =>
      post(url, '{}', { timeoutMs: 2000, allowPrivate: false }).then(
        () => null,
        (error: unknown) => error,
      );
    const direct = await refused(receiver.url('/private'));
    expect(direct).toBeInstanceOf(OutboundError);
    expect((direct as Error).message).toBe('the address is on a private network');
    const byName = await refused(receiver.url('/private').replace('127.0.0.1', 'localhost'));
    expect((byName as Error).message).toBe('the address is on a private network');
    expect(receiver.received('/private').length).toBe(before);
    await expect(
      post(receiver.url('/private'), '{}', { timeoutMs: 2000, allowPrivate: true }),
    ).resolves.toMatchObject({ statusCode: 200 });
  });

  it('gives up on a receiver that does not answer in time', async () => {
    receiver.answer('/hang', 'hang');
    const started = Date.now();
    const error = await post(receiver.url('/hang'), '{}', {
      timeoutMs: 300,
      allowPrivate: true,
    }).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect((error as Error).message).toBe('no answer within 300 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
