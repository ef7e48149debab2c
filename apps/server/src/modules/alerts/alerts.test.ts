import type {
  AlertEndpointListResponse,
  AlertEndpointResponse,
  DeliveryListResponse,
  EndpointTestResponse,
  IncidentResponse,
  NotificationListResponse,
  NotificationSettings,
} from '@meridian/contracts';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@meridian/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.js';
import {
  type SmtpCapture,
  decodedBody,
  headerOf,
  startSmtpCapture,
} from '../../test/smtp-server.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';
import { type WebhookReceiver, startWebhookReceiver } from '../../test/webhook-receiver.js';
import {
  DELIVERY_HEADER,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifySignature,
} from './channel-webhook.js';
import { until } from '../../test/poll.js';

/**
 * Alerts end to end over real HTTP: changes raise alerts, a job fans them out by preferences,
 * the outbox delivers them to a real SMTP server and to a local HTTP receiver standing in for
 * Slack, Teams and a customer's webhook.
 */
let server: TestServer;
let smtp: SmtpCapture;
let receiver: WebhookReceiver;
let acme = '';
let borealis = '';
const token = { admin: '', manager: '', viewer: '', borealis: '' };
const ids = { admin: '', manager: '', viewer: '' };

beforeAll(async () => {
  smtp = await startSmtpCapture();
  receiver = await startWebhookReceiver();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://meridian.example',
    ALERTS_ALLOW_PRIVATE_URLS: '1',
    SMS_URL: receiver.url('/sms/2010-04-01/Accounts/AC123/Messages.json'),
    SMS_USERNAME: 'AC123',
    SMS_PASSWORD: 'sms-gateway-secret',
    SMS_FROM: '+15005550006',
    ALERT_TIMEOUT_SECONDS: '2',
    // Changes within a second of an alert come in a digest a second later (15 minutes in use).
    ALERT_DIGEST_SECONDS: '1',
  });
  acme = (await server.createOrganization('Acme Alerts')).id;
  borealis = (await server.createOrganization('Borealis Alerts')).id;
  for (const [who, role] of [
    ['admin', 'ADMIN'],
    ['manager', 'MANAGER'],
    ['viewer', 'VIEWER'],
  ] as const) {
    const user = await server.createUser({
      organizationId: acme,
      email: `${who}@acme-alerts.example`,
      adminRole: role,
    });
    ids[who] = user.id;
    token[who] = (await server.login(user.email)).accessToken;
  }
  await server.createUser({
    organizationId: borealis,
    email: 'admin@borealis-alerts.example',
    adminRole: 'ADMIN',
  });
  token.borealis = (await server.login('admin@borealis-alerts.example')).accessToken;
}, 60_000);
afterAll(async () => {
  await server.close();
  await Promise.all([smtp.stop(), receiver.close()]);
});

const settings = (who: keyof typeof token, changes: Partial<NotificationSettings>) =>
  server.request('PUT', '/api/me/notifications', {
    token: token[who],
    body: { ...DEFAULT_NOTIFICATION_SETTINGS, ...changes },
  });
const notifications = async (who: keyof typeof token) =>
  (
    await server.request<NotificationListResponse>('GET', '/api/notifications', {
      token: token[who],
    })
  ).body.data;
const createIncident = async (
  body: Record<string, unknown>,
  who: keyof typeof token = 'manager',
) => {
  const response = await server.request<IncidentResponse>('POST', '/api/incidents', {
    token: token[who],
    body: { severity: 'HIGH', ...body },
  });
  expect(response.status).toBe(201);
  return response.body.data.incident;
};
/** A critical site: an incident that newly exposes it reaches people's channels at once. */
const criticalSite = async (name: string, lat: number, lng: number) => {
  const site = await server.request('POST', '/api/sites', {
    token: token.manager,
    body: { name, kind: 'WAREHOUSE', criticality: 'CRITICAL', location: { lat, lng } },
  });
  expect(site.status).toBe(201);
};
const mailsTo = (address: string, about: string) =>
  smtp.messages.filter((mail) => mail.to.includes(address) && mail.raw.includes(about));

describe('in-app and e-mail alerts', () => {
  it("alerts the organization's other members about a new incident, not the one who recorded it", async () => {
    await criticalSite('Felixstowe berth 7', 51.951, 1.351);
    const incident = await createIncident({
      title: 'Crane collapse at Felixstowe',
      type: 'PORT_CONGESTION',
      location: { lat: 51.95, lng: 1.35, countryCode: 'GB' },
      description: 'A ship-to-shore crane fell onto berth 7; the berth is closed until inspected.',
    });
    // One thread in the inbox: recorded, then what it exposes, newest first.
    const viewer = await until(
      () => notifications('viewer'),
      (data) => data.notifications.some((n) => n.incidentId === incident.id && n.updates === 2),
    );
    const threads = viewer.notifications.filter((n) => n.incidentId === incident.id);
    expect(threads).toHaveLength(1);
    expect(threads[0]).toMatchObject({
      kind: 'EXPOSURE_NEW',
      severity: 'HIGH',
      title: 'New exposure: Crane collapse at Felixstowe',
      link: `/admin/events/${incident.id}`,
      readAt: null,
    });
    expect(threads[0]?.lines[0]).toBe('Now exposed: 1 site (Felixstowe berth 7)');
    expect(threads[0]?.lines[1]).toMatch(/^Recorded by manager/);
    // The critical site went out on the channels: desktop notifications show it.
    expect(threads[0]?.alertedAt).not.toBeNull();
    expect(viewer.unread).toBeGreaterThanOrEqual(1);
    // Who recorded it hears only of what it exposes, not of their own act.
    const manager = await until(
      () => notifications('manager'),
      (data) => data.notifications.some((n) => n.incidentId === incident.id),
    );
    expect(
      manager.notifications.filter((n) => n.incidentId === incident.id).map((n) => n.lines),
    ).toEqual([['Now exposed: 1 site (Felixstowe berth 7)']]);
    // Nobody in another organization hears of it.
    expect((await notifications('borealis')).notifications).toHaveLength(0);

    // One e-mail: the recording alone (nothing exposed yet) stays in the inbox.
    const mails = await until(
      async () => mailsTo('viewer@acme-alerts.example', 'Crane collapse'),
      (found) => found.length === 1,
    );
    const body = decodedBody(mails[0]?.raw ?? '');
    expect(headerOf(mails[0]?.raw ?? '', 'Subject')).toMatch(
      /^\[Meridian\] P\d · High: New exposure: Crane collapse at Felixstowe$/,
    );
    // Enough to triage from the message: what, where, priority, what it reaches, its words.
    for (const fact of [
      'What: Port congestion · Open',
      'Where: Felixstowe, United Kingdom',
      'Reaches now: 1 site, 0 shipments',
      'Summary: A ship-to-shore crane fell onto berth 7; the berth is closed until inspected.',
    ])
      expect(body).toContain(fact);
    expect(body).toMatch(/Priority: P\d · /);
    expect(body).toContain(
      `Open in Meridian: https://meridian.example/admin/events/${incident.id}`,
    );
    expect(body).toContain(`<a href="https://meridian.example/admin/events/${incident.id}">`);
  });

  it('marks one notification read, then all, and refuses another member’s', async () => {
    await createIncident({ title: 'Strike at Antwerp' });
    const before = await until(
      () => notifications('viewer'),
      (data) => data.notifications.some((n) => n.title.includes('Strike at Antwerp')),
    );
    const first = before.notifications[0];
    if (!first) throw new Error('no notification');
    expect(
      (await server.request('POST', `/api/notifications/${first.id}/read`, { token: token.admin }))
        .status,
    ).toBe(404);
    expect(
      (await server.request('POST', `/api/notifications/${first.id}/read`, { token: token.viewer }))
        .status,
    ).toBe(200);
    const after = await notifications('viewer');
    expect(after.unread).toBe(before.unread - 1);
    expect(after.notifications.find((n) => n.id === first.id)?.readAt).not.toBeNull();
    await server.request('POST', '/api/notifications/read-all', { token: token.viewer });
    expect((await notifications('viewer')).unread).toBe(0);
  });

  it('follows each member’s severity threshold, resolution switch and e-mail switch', async () => {
    await settings('viewer', {
      severity: 'Severity 1',
      resolution: false,
      channels: { ...DEFAULT_NOTIFICATION_SETTINGS.channels, email: false },
    });
    await criticalSite('Refinery tank farm', 29.7, -95.0);
    const high = await createIncident({ title: 'Flooded depot (high)' });
    const critical = await createIncident({
      title: 'Refinery fire (critical)',
      severity: 'CRITICAL',
      location: { lat: 29.7, lng: -95.001 },
    });
    const admin = await until(
      () => notifications('admin'),
      (data) =>
        data.notifications.filter((n) => [high.id, critical.id].includes(n.incidentId ?? ''))
          .length === 2,
    );
    expect(admin.notifications.length).toBeGreaterThanOrEqual(2);
    const viewer = await until(
      () => notifications('viewer'),
      (data) => data.notifications.some((n) => n.incidentId === critical.id),
    );
    expect(viewer.notifications.some((n) => n.incidentId === high.id)).toBe(false);
    // In the app, not by e-mail.
    await until(
      async () => mailsTo('admin@acme-alerts.example', 'Refinery fire'),
      (found) => found.length === 1,
    );
    expect(mailsTo('viewer@acme-alerts.example', 'Refinery fire')).toHaveLength(0);

    // Resolution off: the critical incident resolved reaches the admin, not the viewer.
    for (const status of ['IN_PROGRESS', 'RESOLVED']) {
      const changed = await server.request('PATCH', `/api/incidents/${critical.id}`, {
        token: token.manager,
        body: { status },
      });
      expect(changed.status).toBe(200);
    }
    await until(
      () => notifications('admin'),
      (data) =>
        data.notifications.some(
          (n) => n.incidentId === critical.id && n.lines.some((l) => l.startsWith('Resolved')),
        ),
    );
    // The viewer hears of the status change (critical), never of the resolution.
    const viewerAfter = await until(
      () => notifications('viewer'),
      (data) =>
        data.notifications.some(
          (n) => n.incidentId === critical.id && n.lines.some((l) => l.startsWith('Open →')),
        ),
    );
    const viewerLines = viewerAfter.notifications
      .filter((n) => n.incidentId === critical.id)
      .flatMap((n) => n.lines);
    expect(viewerLines.some((line) => line.startsWith('Open → In progress'))).toBe(true);
    expect(viewerLines.some((line) => line.startsWith('Resolved'))).toBe(false);
    await settings('viewer', {});
  });

  it("applies the organization's defaults to members who never saved their own", async () => {
    // The admin saved nothing; the viewer saved (the test above): defaults reach only the admin.
    const saved = await server.request('PUT', '/api/admin/settings/notifications', {
      token: token.admin,
      body: { ...DEFAULT_NOTIFICATION_SETTINGS, severity: 'Severity 1' },
    });
    expect(saved.status).toBe(200);
    // What the admin's settings screen shows is what alerts use: the organization's defaults.
    const mine = await server.request<{ data: NotificationSettings }>(
      'GET',
      '/api/me/notifications',
      {
        token: token.admin,
      },
    );
    expect(mine.body.data.severity).toBe('Severity 1');
    expect(
      (
        await server.request('PUT', '/api/admin/settings/notifications', {
          token: token.manager,
          body: DEFAULT_NOTIFICATION_SETTINGS,
        })
      ).status,
    ).toBe(403);
    const medium = await createIncident({ title: 'Medium customs delay', severity: 'MEDIUM' });
    await until(
      () => notifications('viewer'),
      (data) => data.notifications.some((n) => n.incidentId === medium.id),
    );
    expect(
      (await notifications('admin')).notifications.some((n) => n.incidentId === medium.id),
    ).toBe(false);
    await server.request('PUT', '/api/admin/settings/notifications', {
      token: token.admin,
      body: DEFAULT_NOTIFICATION_SETTINGS,
    });
  });

  it('tells an assignee, and only them, that an incident is theirs', async () => {
    const incident = await createIncident({ title: 'Supplier insolvency', assigneeId: ids.viewer });
    const viewer = await until(
      () => notifications('viewer'),
      (data) =>
        data.notifications.some(
          (n) => n.incidentId === incident.id && n.lines.some((line) => line.includes('assigned')),
        ),
    );
    const lines = viewer.notifications
      .filter((n) => n.incidentId === incident.id)
      .flatMap((n) => n.lines);
    expect(lines.some((line) => line.includes('assigned this incident to you'))).toBe(true);
    const admin = await until(
      () => notifications('admin'),
      (data) => data.notifications.some((n) => n.incidentId === incident.id),
    );
    const adminLines = admin.notifications
      .filter((n) => n.incidentId === incident.id)
      .flatMap((n) => n.lines);
    expect(adminLines.some((line) => line.includes('assigned'))).toBe(false);
  });

  it('alerts on a new exposure of a site, naming it', async () => {
    const site = await server.request('POST', '/api/sites', {
      token: token.manager,
      body: { name: 'Rotterdam DC', kind: 'WAREHOUSE', location: { lat: 51.92, lng: 4.48 } },
    });
    expect(site.status).toBe(201);
    const incident = await createIncident({
      title: 'Storm surge in Rotterdam',
      type: 'WEATHER',
      location: { lat: 51.9, lng: 4.5 },
      affectedRadiusKm: 50,
    });
    const viewer = await until(
      () => notifications('viewer'),
      (data) =>
        data.notifications.some(
          (n) => n.incidentId === incident.id && n.lines.some((l) => l.startsWith('Now exposed')),
        ),
    );
    const lines = viewer.notifications
      .filter((n) => n.incidentId === incident.id)
      .flatMap((n) => n.lines);
    expect(lines).toContain('Now exposed: 1 site (Rotterdam DC)');
  });
});

describe('SMS through a Twilio-compatible gateway', () => {
  const gateway = '/sms/2010-04-01/Accounts/AC123/Messages.json';

  it('refuses a number not in international form', async () => {
    const refused = await settings('viewer', { smsNumber: '0612345678' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('international form');
  });

  it('texts members who turned SMS on, with Basic credentials and the form fields', async () => {
    await settings('viewer', {
      channels: { ...DEFAULT_NOTIFICATION_SETTINGS.channels, sms: true },
      smsNumber: '+447700900123',
    });
    const before = receiver.received(gateway).length;
    // What is assigned to someone reaches their channels at once.
    const incident = await createIncident({
      title: 'Typhoon nearing Kaohsiung',
      severity: 'CRITICAL',
      assigneeId: ids.viewer,
    });
    const texts = await until(
      async () => receiver.received(gateway).slice(before),
      (found) => found.length >= 1,
    );
    expect(texts).toHaveLength(1);
    const form = new URLSearchParams(texts[0]?.body ?? '');
    expect(form.get('To')).toBe('+447700900123');
    expect(form.get('From')).toBe('+15005550006');
    // One segment: what, then as much of what happened as fits, then the link whole.
    const body = form.get('Body') ?? '';
    expect(body.length).toBeLessThanOrEqual(160);
    expect(body).toMatch(
      /^Meridian Critical: Assigned to you: Typhoon nearing Kaohsiung\nmanager User assign[^\n]*\.\.\.\n/,
    );
    expect(body.endsWith(`\nhttps://meridian.example/admin/events/${incident.id}`)).toBe(true);
    expect(texts[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from('AC123:sms-gateway-secret').toString('base64')}`,
    );
    expect(texts[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    await settings('viewer', {});
  });
});

describe('integrations: Slack, Teams and signed webhooks', () => {
  let webhookId = '';
  let webhookSecret = '';

  it('lets only an organization admin manage them, and audits every change', async () => {
    const body = { kind: 'SLACK', name: 'Ops channel', url: receiver.url('/slack/T000/B000/XXXX') };
    expect(
      (await server.request('POST', '/api/admin/integrations', { token: token.manager, body }))
        .status,
    ).toBe(403);
    const created = await server.request<AlertEndpointResponse>('POST', '/api/admin/integrations', {
      token: token.admin,
      body,
    });
    expect(created.status).toBe(201);
    expect(created.body.data.endpoint.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/…XXXX$/);
    expect(created.body.data.secret).toBeUndefined();
    const teams = await server.request<AlertEndpointResponse>('POST', '/api/admin/integrations', {
      token: token.admin,
      body: { kind: 'TEAMS', name: 'Risk team', url: receiver.url('/teams') },
    });
    expect(teams.status).toBe(201);
    const webhook = await server.request<AlertEndpointResponse>('POST', '/api/admin/integrations', {
      token: token.admin,
      body: { kind: 'WEBHOOK', name: 'ERP', url: receiver.url('/hook'), minSeverity: 'HIGH' },
    });
    expect(webhook.status).toBe(201);
    webhookId = webhook.body.data.endpoint.id;
    webhookSecret = webhook.body.data.secret ?? '';
    expect(webhookSecret).toMatch(/^whsec_/);
    expect(webhook.body.data.endpoint.secretPrefix).toBe(webhookSecret.slice(0, 10));

    const list = await server.request<AlertEndpointListResponse>('GET', '/api/admin/integrations', {
      token: token.admin,
    });
    expect(list.body.data.endpoints.map((e) => e.kind)).toEqual(['SLACK', 'TEAMS', 'WEBHOOK']);
    expect(list.body.data.channels.find((c) => c.channel === 'EMAIL')?.configured).toBe(true);
    expect(JSON.stringify(list.body)).not.toContain(webhookSecret);
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'integration.create'));
    expect(audits).toHaveLength(3);
    expect(JSON.stringify(audits)).not.toContain(webhookSecret);

    // Another organization's admin does not find it; a viewer is refused.
    for (const [who, status] of [
      ['borealis', 404],
      ['viewer', 403],
    ] as const) {
      expect(
        (
          await server.request('GET', `/api/admin/integrations/${webhookId}/deliveries`, {
            token: token[who],
          })
        ).status,
      ).toBe(status);
      expect(
        (
          await server.request('PATCH', `/api/admin/integrations/${webhookId}`, {
            token: token[who],
            body: { enabled: false },
          })
        ).status,
      ).toBe(status);
    }
  });

  it('sends a test message in each vendor’s format, signed for webhooks', async () => {
    const list = await server.request<AlertEndpointListResponse>('GET', '/api/admin/integrations', {
      token: token.admin,
    });
    for (const endpoint of list.body.data.endpoints) {
      const sent = await server.request<EndpointTestResponse>(
        'POST',
        `/api/admin/integrations/${endpoint.id}/test`,
        { token: token.admin },
      );
      expect(sent.status).toBe(200);
      expect(sent.body.message).toBe('Test message delivered');
      expect(sent.body.data.delivery).toMatchObject({ status: 'DELIVERED', lastStatusCode: 200 });
    }
    const slack = receiver.received('/slack/T000/B000/XXXX')[0]?.json as {
      text: string;
      blocks: { type: string }[];
    };
    expect(slack.text).toBe('Low: Test message from Meridian');
    expect(slack.blocks.map((block) => block.type)).toEqual(['header', 'section', 'context']);
    const teams = receiver.received('/teams')[0]?.json as {
      type: string;
      attachments: { contentType: string; content: { type: string; version: string } }[];
    };
    expect(teams.type).toBe('message');
    expect(teams.attachments[0]?.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(teams.attachments[0]?.content).toMatchObject({ type: 'AdaptiveCard', version: '1.4' });
    const hook = receiver.received('/hook')[0];
    if (!hook) throw new Error('the webhook got nothing');
    const timestamp = String(hook.headers[TIMESTAMP_HEADER]);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(30);
    expect(
      verifySignature(webhookSecret, timestamp, hook.body, String(hook.headers[SIGNATURE_HEADER])),
    ).toBe(true);
    expect(
      verifySignature('whsec_wrong', timestamp, hook.body, String(hook.headers[SIGNATURE_HEADER])),
    ).toBe(false);
    expect(hook.json).toMatchObject({ type: 'test', alert: { kind: 'TEST' } });
  });

  it('posts alerts to Slack when a member wants Slack, and to the webhook above its threshold', async () => {
    await settings('viewer', {
      channels: { ...DEFAULT_NOTIFICATION_SETTINGS.channels, slack: true },
    });
    const slackBefore = receiver.received('/slack/T000/B000/XXXX').length;
    const teamsBefore = receiver.received('/teams').length;
    const hookBefore = receiver.received('/hook').length;
    await criticalSite('Road depot', 12.5, 12.5);
    await criticalSite('Port terminal', 13.5, 13.5);
    const low = await createIncident({
      title: 'Minor road works',
      severity: 'LOW',
      location: { lat: 12.5, lng: 12.501 },
    });
    const high = await createIncident({
      title: 'Port <closure> & strike',
      severity: 'HIGH',
      location: { lat: 13.5, lng: 13.501 },
    });
    // The webhook receives every change above its threshold, one by one: recorded, exposed.
    const alerts = await until(
      async () => receiver.received('/hook').slice(hookBefore),
      (found) => found.length >= 2,
    );
    expect(alerts).toHaveLength(2);
    const payloads = alerts.map(
      (entry) =>
        entry.json as {
          id: string;
          alert: { kind: string; incidentId: string; url: string; incident: unknown };
        },
    );
    expect(payloads.map((payload) => payload.alert.incidentId)).toEqual([high.id, high.id]);
    expect(payloads.map((payload) => payload.alert.kind).sort()).toEqual([
      'EXPOSURE_NEW',
      'INCIDENT_CREATED',
    ]);
    const exposed = payloads.find((payload) => payload.alert.kind === 'EXPOSURE_NEW');
    // The incident as it stands, for a receiver to route and triage on.
    expect(exposed?.alert.incident).toMatchObject({
      kind: 'Other · Open',
      exposedNow: { sites: 1, shipments: 0 },
      summary: null,
    });
    expect(exposed?.alert.url).toBe(`https://meridian.example/admin/events/${high.id}`);
    expect(new Set(payloads.map((payload) => payload.id)).size).toBe(2);
    expect(alerts[0]?.headers[DELIVERY_HEADER]).toBe(payloads[0]?.id);
    // Slack carries what reaches a member's channels: the two critical sites newly exposed.
    const slack = await until(
      async () => receiver.received('/slack/T000/B000/XXXX').slice(slackBefore),
      (found) => found.length === 2,
    );
    const texts = slack.map((entry) => JSON.stringify(entry.json));
    expect(texts.some((text) => text.includes('Minor road works'))).toBe(true);
    expect(
      texts.some((text) => text.includes('Port <closure> & strike') && text.includes(high.id)),
    ).toBe(true);
    expect(texts.every((text) => text.includes('Reaches now: 1 site, 0 shipments'))).toBe(true);
    // Nobody wants Teams: nothing posted there.
    expect(receiver.received('/teams').slice(teamsBefore)).toHaveLength(0);
    expect(low.id).not.toBe(high.id);
  });

  it('logs failures with status codes, backs off, marks the endpoint unhealthy, and redelivers', async () => {
    receiver.answer('/hook', 500);
    const incident = await createIncident({
      title: 'Cyber attack on carrier',
      severity: 'CRITICAL',
    });
    const failed = await until(
      async () =>
        (
          await server.request<DeliveryListResponse>(
            'GET',
            `/api/admin/integrations/${webhookId}/deliveries`,
            {
              token: token.admin,
            },
          )
        ).body.data.deliveries,
      (list) => list.some((d) => d.title.includes('Cyber attack') && d.status === 'FAILED'),
    );
    const delivery = failed.find((d) => d.title.includes('Cyber attack'));
    expect(delivery).toMatchObject({ status: 'FAILED', lastStatusCode: 500, attempts: 1 });
    expect(new Date(delivery?.nextAttemptAt ?? 0).getTime()).toBeGreaterThan(Date.now() + 5_000);
    // Two failed tests more: three in a row, unhealthy.
    for (let i = 0; i < 2; i += 1) {
      const test = await server.request<EndpointTestResponse>(
        'POST',
        `/api/admin/integrations/${webhookId}/test`,
        {
          token: token.admin,
        },
      );
      expect(test.body.message).toMatch(/^Test message failed: HTTP 500/);
    }
    const list = await server.request<AlertEndpointListResponse>('GET', '/api/admin/integrations', {
      token: token.admin,
    });
    const hook = list.body.data.endpoints.find((e) => e.id === webhookId);
    expect(hook?.healthy).toBe(false);
    expect(hook?.consecutiveFailures).toBeGreaterThanOrEqual(3);
    expect(hook?.lastError).toMatch(/^HTTP 500/);

    // A test message is logged, not sent again.
    const tests = await server.request<DeliveryListResponse>(
      'GET',
      `/api/admin/integrations/${webhookId}/deliveries`,
      { token: token.admin },
    );
    const failedTest = tests.body.data.deliveries.find((d) => d.test && d.status === 'GAVE_UP');
    expect(failedTest).toBeDefined();
    expect(delivery?.test).toBe(false);
    const refused = await server.request(
      'POST',
      `/api/admin/deliveries/${failedTest?.id}/redeliver`,
      {
        token: token.admin,
      },
    );
    expect(refused.status).toBe(409);

    receiver.answer('/hook', 200);
    expect(
      (
        await server.request('POST', `/api/admin/deliveries/${delivery?.id}/redeliver`, {
          token: token.borealis,
        })
      ).status,
    ).toBe(404);
    const again = await server.request<EndpointTestResponse>(
      'POST',
      `/api/admin/deliveries/${delivery?.id}/redeliver`,
      {
        token: token.admin,
      },
    );
    expect(again.status).toBe(200);
    await until(
      async () =>
        (
          await server.request<DeliveryListResponse>(
            'GET',
            `/api/admin/integrations/${webhookId}/deliveries`,
            {
              token: token.admin,
            },
          )
        ).body.data.deliveries.find((d) => d.id === delivery?.id),
      (found) => found?.status === 'DELIVERED',
    );
    const received = receiver.received('/hook').filter((entry) => entry.body.includes(incident.id));
    // The same delivery id on every attempt: a receiver can drop repeats.
    expect(new Set(received.map((entry) => entry.headers[DELIVERY_HEADER])).size).toBe(1);
    const healthy = await server.request<AlertEndpointListResponse>(
      'GET',
      '/api/admin/integrations',
      {
        token: token.admin,
      },
    );
    expect(healthy.body.data.endpoints.find((e) => e.id === webhookId)?.healthy).toBe(true);
  });

  it('stops sending to a removed endpoint', async () => {
    const removed = await server.request('DELETE', `/api/admin/integrations/${webhookId}`, {
      token: token.admin,
    });
    expect(removed.status).toBe(200);
    const before = receiver.received('/hook').length;
    const incident = await createIncident({ title: 'After removal', severity: 'CRITICAL' });
    await until(
      () => notifications('viewer'),
      (data) => data.notifications.some((n) => n.incidentId === incident.id),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received('/hook').length).toBe(before);
  });
});
