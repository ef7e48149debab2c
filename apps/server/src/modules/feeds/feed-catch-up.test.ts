import type {
  AlertEndpointResponse,
  NotificationListResponse,
  SourceResponse,
} from '@meridian/contracts';
import { ALERT_LIMITS } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeedServer, startFeedServer } from '../../test/feed-server.js';
import { OWNER_EMAIL, type TestServer, startTestServer } from '../../test/test-server.js';
import { type WebhookReceiver, startWebhookReceiver } from '../../test/webhook-receiver.js';

/**
 * A feed that catches up (after downtime, or a burst of events) tells each organization's
 * people in one summary, not one alert per incident; a few events at a time still alert one
 * by one; the webhook receives every incident's alert whatever the size of the update.
 */
let server: TestServer;
let feeds: FeedServer;
let receiver: WebhookReceiver;
let owner = '';
const token = { admin: '', ana: '', ben: '' };

/** A USGS summary document of earthquakes around the Kaohsiung terminal, minutes old. */
const quakes = (ids: readonly string[]) =>
  JSON.stringify({
    type: 'FeatureCollection',
    metadata: { generated: Date.now(), title: 'USGS Magnitude 4.5+ Earthquakes, Past Day' },
    features: ids.map((id, i) => ({
      type: 'Feature',
      id,
      properties: {
        mag: 6.1 + i / 10,
        place: `${10 + i} km SE of Kaohsiung, Taiwan`,
        time: Date.now() - 10 * 60_000,
        updated: Date.now() - 5 * 60_000,
        url: `https://earthquake.usgs.gov/earthquakes/eventpage/${id}`,
        alert: 'orange',
        status: 'reviewed',
        tsunami: 0,
        type: 'earthquake',
        title: `M ${(6.1 + i / 10).toFixed(1)} - ${10 + i} km SE of Kaohsiung, Taiwan`,
      },
      geometry: { type: 'Point', coordinates: [120.35 + i / 50, 22.55 - i / 50, 10] },
    })),
  });

beforeAll(async () => {
  server = await startTestServer({
    WORKERS: '0',
    FEEDS_ALLOW_PRIVATE_URLS: '1',
    ALERTS_ALLOW_PRIVATE_URLS: '1',
    // Each quake is its own incident here: fusion is tested in fusion.test.ts.
    FEED_FUSION: 'off',
  });
  feeds = await startFeedServer();
  receiver = await startWebhookReceiver();
  owner = (await server.login(OWNER_EMAIL)).accessToken;
  const organizationId = (await server.createOrganization('Catch-up Co')).id;
  for (const who of ['admin', 'ana', 'ben'] as const) {
    await server.createUser({
      organizationId,
      email: `${who}@catch-up.example`,
      adminRole: who === 'admin' ? 'ADMIN' : 'VIEWER',
    });
    token[who] = (await server.login(`${who}@catch-up.example`)).accessToken;
  }
  const hook = await server.request<AlertEndpointResponse>('POST', '/api/admin/integrations', {
    token: token.admin,
    body: { kind: 'WEBHOOK', name: 'Everything', url: receiver.url('/all') },
  });
  expect(hook.status).toBe(201);
  const site = await server.request('POST', '/api/sites', {
    token: token.admin,
    body: {
      name: 'Kaohsiung terminal',
      kind: 'PORT',
      criticality: 'HIGH',
      location: { lat: 22.56, lng: 120.31 },
    },
  });
  expect(site.status).toBe(201);
  // The site's own recompute finds nothing yet: the feed's incidents come after.
  await server.app.jobWorker.runDue();
}, 60_000);
afterAll(async () => {
  await server.close();
  await Promise.all([feeds.close(), receiver.close()]);
});

/** Polls the source now, then runs every job and delivery it queued. */
async function poll(sourceId: string) {
  expect(
    (await server.request('POST', `/api/admin/sources/${sourceId}/poll`, { token: owner })).status,
  ).toBe(202);
  await server.app.feedPoller.runDue();
  // Exposure, then fan-out, then the deliveries they queue.
  for (let round = 0; round < 4; round += 1) await server.app.jobWorker.runDue();
  await server.app.deliveryWorker.runDue();
}

const inboxOf = async (who: keyof typeof token) =>
  (
    await server.request<NotificationListResponse>('GET', '/api/notifications?limit=50', {
      token: token[who],
    })
  ).body.data.notifications;

const webhookKinds = () =>
  receiver
    .received('/all')
    .map((entry) => (entry.json as { alert: { kind: string } }).alert.kind)
    .sort();

describe('a feed catching up', () => {
  it('tells each member of many new incidents in one summary; the webhook hears each', async () => {
    const many = Array.from({ length: ALERT_LIMITS.summarizeFeedFrom + 1 }, (_, i) => `us-m${i}`);
    feeds.set('/usgs/many', { body: quakes(many) });
    const source = await server.request<SourceResponse>('POST', '/api/admin/sources', {
      token: owner,
      body: { kind: 'USGS', name: 'USGS quakes', url: feeds.url('/usgs/many') },
    });
    expect(source.status).toBe(201);
    await poll(source.body.data.source.id);

    for (const who of ['admin', 'ana', 'ben'] as const) {
      const inbox = await inboxOf(who);
      expect(inbox.map((entry) => entry.kind)).toEqual(['EXPOSURE_SUMMARY']);
      expect(inbox[0]?.title).toBe(`New exposure: ${many.length} events from USGS quakes`);
      expect(inbox[0]?.lines[0]).toMatch(new RegExp(`^Now exposed to ${many.length} incidents`));
      expect(inbox[0]?.link).toBe('/admin/events?exposed=true&sort=priority');
    }
    // Machines want all of it: one alert per incident, and the summary.
    expect(webhookKinds()).toEqual([...many.map(() => 'EXPOSURE_NEW'), 'EXPOSURE_SUMMARY']);
  });

  it('alerts one by one when an update brings only a few', async () => {
    const before = { ana: (await inboxOf('ana')).length, hooks: webhookKinds().length };
    const few = ['us-f0', 'us-f1'];
    feeds.set('/usgs/few', { body: quakes(few) });
    const source = await server.request<SourceResponse>('POST', '/api/admin/sources', {
      token: owner,
      body: { kind: 'USGS', name: 'USGS few', url: feeds.url('/usgs/few') },
    });
    await poll(source.body.data.source.id);
    const inbox = await inboxOf('ana');
    expect(inbox).toHaveLength(before.ana + few.length);
    expect(inbox.slice(0, few.length).every((entry) => entry.incidentId !== null)).toBe(true);
    expect(webhookKinds().length).toBe(before.hooks + few.length);
  });
});
