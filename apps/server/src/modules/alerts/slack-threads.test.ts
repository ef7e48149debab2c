import {
  type AlertEndpointResponse,
  DEFAULT_NOTIFICATION_SETTINGS,
  type EndpointTestResponse,
  type NotificationSettings,
} from '@meridian/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertEndpoints,
  auditLog,
  deliveries,
  endpointThreads,
  notifications,
} from '../../db/schema.js';
import { incidentSteps } from '../../test/incident-steps.js';
import { type SlackApi, startSlackApi } from '../../test/slack-api.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';

/**
 * A Slack integration posting as a Slack app (bot token, chat.postMessage) keeps everything
 * about one incident in one thread of its channel, against a real local stand-in of Slack's
 * Web API. The token is sealed at rest and never shown again.
 */
const TOKEN = 'xoxb-1111111111-2222222222-abcdEFGHijkl';
const CHANNEL = 'C0RISKOPS1';

let server: TestServer;
let slack: SlackApi;
const steps = incidentSteps(() => server);
const token = { admin: '', manager: '', member: '' };
let endpointId = '';

beforeAll(async () => {
  slack = await startSlackApi({ token: TOKEN, channels: [CHANNEL] });
  server = await startTestServer({
    WORKERS: '0',
    ALERTS_ALLOW_PRIVATE_URLS: '1',
    ALERT_DIGEST_SECONDS: '1',
  });
  const organizationId = (await server.createOrganization('Threads Co')).id;
  await server.createUser({ organizationId, email: 'a@threads.example', adminRole: 'ADMIN' });
  await server.createUser({ organizationId, email: 'm@threads.example', adminRole: 'MANAGER' });
  await server.createUser({ organizationId, email: 'v@threads.example', adminRole: 'VIEWER' });
  token.admin = (await server.login('a@threads.example')).accessToken;
  token.manager = (await server.login('m@threads.example')).accessToken;
  token.member = (await server.login('v@threads.example')).accessToken;
  // The member wants Slack: what reaches their channels is posted to the organization's Slack.
  const settings: NotificationSettings = {
    ...DEFAULT_NOTIFICATION_SETTINGS,
    channels: { ...DEFAULT_NOTIFICATION_SETTINGS.channels, slack: true },
  };
  const saved = await server.request('PUT', '/api/me/notifications', {
    token: token.member,
    body: settings,
  });
  expect(saved.status).toBe(200);
  for (const [name, lat] of [
    ['Harbour plant', 22.3],
    ['Hill plant', 22.5],
  ] as const) {
    const site = await server.request('POST', '/api/sites', {
      token: token.manager,
      body: { name, kind: 'OWN_FACILITY', criticality: 'CRITICAL', location: { lat, lng: 114.2 } },
    });
    expect(site.status).toBe(201);
  }
  await steps.runJobs();
}, 60_000);
afterAll(async () => {
  await server.close();
  await slack.close();
});

const settle = async () => {
  for (let round = 0; round < 3; round += 1) await steps.runJobs();
  await server.app.deliveryWorker.runDue();
};
/** Past the 1 s digest window, so the next change is sent rather than folded. */
const windowPasses = () => new Promise((resolve) => setTimeout(resolve, 1_100));

describe('Slack as an app: one thread per incident', () => {
  it('refuses a token or channel that is not Slack’s, and a Slack app on another kind', async () => {
    const create = (body: Record<string, unknown>) =>
      server.request<{ message: string }>('POST', '/api/admin/integrations', {
        token: token.admin,
        body,
      });
    const base = { kind: 'SLACK', name: 'Risk room', url: slack.postMessageUrl };
    const badToken = await create({ ...base, slackApp: { botToken: 'hunter2', channel: CHANNEL } });
    expect(badToken.status).toBe(400);
    expect(badToken.body.message).toMatch(/Slack bot token/);
    const badChannel = await create({ ...base, slackApp: { botToken: TOKEN, channel: '#risk' } });
    expect(badChannel.status).toBe(400);
    expect(badChannel.body.message).toMatch(/channel ID/);
    const teams = await create({
      ...base,
      kind: 'TEAMS',
      slackApp: { botToken: TOKEN, channel: CHANNEL },
    });
    expect(teams.status).toBe(400);
    expect(teams.body.message).toMatch(/only for a Slack integration/);
    // Only an admin adds one.
    const asManager = await server.request('POST', '/api/admin/integrations', {
      token: token.manager,
      body: { ...base, slackApp: { botToken: TOKEN, channel: CHANNEL } },
    });
    expect(asManager.status).toBe(403);
    expect(await server.database.db.select().from(alertEndpoints)).toHaveLength(0);
  });

  it('keeps the token sealed, shows its last characters only, and posts a test with it', async () => {
    const created = await server.request<AlertEndpointResponse>('POST', '/api/admin/integrations', {
      token: token.admin,
      body: {
        kind: 'SLACK',
        name: 'Risk room',
        url: slack.postMessageUrl,
        slackApp: { botToken: TOKEN, channel: CHANNEL },
      },
    });
    expect(created.status).toBe(201);
    endpointId = created.body.data.endpoint.id;
    expect(created.body.data.endpoint.slackApp).toEqual({ channel: CHANNEL, tokenEnding: 'ijkl' });
    expect(JSON.stringify(created.body)).not.toContain(TOKEN);
    const [row] = await server.database.db
      .select()
      .from(alertEndpoints)
      .where(eq(alertEndpoints.id, endpointId));
    expect(row?.slackBotToken).toMatch(/^v1\./);
    expect(row?.slackBotToken).not.toContain(TOKEN.slice(5));
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, endpointId));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain(TOKEN.slice(5));

    const test = await server.request<EndpointTestResponse>(
      'POST',
      `/api/admin/integrations/${endpointId}/test`,
      { token: token.admin },
    );
    expect(test.status, JSON.stringify(test.body)).toBe(200);
    expect(test.body.data.delivery.status).toBe('DELIVERED');
    expect(slack.posted).toHaveLength(1);
    expect(slack.posted[0]).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      body: { channel: CHANNEL, text: 'Low: Test message from Meridian' },
    });
    expect(slack.posted[0]?.body.thread_ts).toBeUndefined();
  });

  it('starts a thread with an incident’s first message and replies in it after that', async () => {
    const before = slack.posted.length;
    const id = await steps.createIncident(token.manager, {
      title: 'Typhoon over the harbour',
      severity: 'MEDIUM',
      type: 'NATURAL_HAZARD',
      location: { lat: 22.3, lng: 114.2 },
      affectedRadiusKm: 10,
    });
    await settle();
    const first = slack.posted.slice(before);
    expect(first).toHaveLength(1);
    expect(first[0]?.body.thread_ts).toBeUndefined();
    expect(first[0]?.body.text).toMatch(/Typhoon over the harbour/);
    const threads = await server.database.db
      .select()
      .from(endpointThreads)
      .where(eq(endpointThreads.incidentId, id));
    expect(threads).toEqual([expect.objectContaining({ endpointId, threadRef: first[0]?.ts })]);

    // The typhoon grows over the second plant: a reply in the thread, shown in the channel too.
    await windowPasses();
    await steps.patchIncident(token.manager, id, { affectedRadiusKm: 40 });
    await settle();
    const replies = slack.posted.slice(before + 1);
    expect(replies).toHaveLength(1);
    expect(replies[0]?.body).toMatchObject({ thread_ts: first[0]?.ts, reply_broadcast: true });
    expect(replies[0]?.body.text).toMatch(/Typhoon over the harbour/);
    expect(JSON.stringify(replies[0]?.body.blocks)).toContain('Hill plant');
  });

  it('sends what was queued together one after another, so the second replies to the first', async () => {
    const id = await steps.createIncident(token.manager, {
      title: 'Quay crane collapse',
      severity: 'LOW',
      type: 'OTHER',
      location: { lat: -33.9, lng: 18.4 },
      affectedRadiusKm: 5,
    });
    // Two messages about one incident due at once (a backlog after Slack was down).
    const before = slack.posted.length;
    const queued = await server.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.endpointId, endpointId));
    const notificationId = queued.find((row) => row.notificationId)?.notificationId ?? null;
    expect(notificationId).not.toBeNull();
    // Point two fresh deliveries at a notification about the new incident.
    await server.database.db
      .update(notifications)
      .set({ incidentId: id })
      .where(eq(notifications.id, notificationId ?? ''));
    await server.database.db.insert(deliveries).values(
      ['backlog-1', 'backlog-2'].map((key) => ({
        organizationId: queued[0]?.organizationId ?? '',
        notificationId,
        endpointId,
        channel: 'SLACK' as const,
        recipient: endpointId,
        idempotencyKey: key,
        title: 'Backlog',
      })),
    );
    await server.app.deliveryWorker.runDue();
    const sent = slack.posted.slice(before);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.body.thread_ts).toBeUndefined();
    expect(sent[1]?.body.thread_ts).toBe(sent[0]?.ts);
  });

  it('records Slack’s refusal as a failure with its reason, and goes back to a webhook on null', async () => {
    const revoked = await server.request<AlertEndpointResponse>(
      'PATCH',
      `/api/admin/integrations/${endpointId}`,
      {
        token: token.admin,
        body: { slackApp: { botToken: 'xoxb-9999999999-revoked0000', channel: CHANNEL } },
      },
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.endpoint.slackApp?.tokenEnding).toBe('0000');
    const test = await server.request<EndpointTestResponse>(
      'POST',
      `/api/admin/integrations/${endpointId}/test`,
      { token: token.admin },
    );
    expect(test.body.data.delivery.status).toBe('GAVE_UP');
    expect(test.body.data.delivery.lastError).toBe('Slack refused: invalid_auth');

    const back = await server.request<AlertEndpointResponse>(
      'PATCH',
      `/api/admin/integrations/${endpointId}`,
      { token: token.admin, body: { slackApp: null } },
    );
    expect(back.status).toBe(200);
    expect(back.body.data.endpoint.slackApp).toBeNull();
    const [row] = await server.database.db
      .select()
      .from(alertEndpoints)
      .where(eq(alertEndpoints.id, endpointId));
    expect(row?.slackBotToken).toBeNull();
  });
});
