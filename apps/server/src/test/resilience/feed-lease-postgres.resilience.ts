import type { SourceListResponse, SourceResponse } from '@meridian/contracts';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeedServer, startFeedServer } from '../feed-server.js';
import {
  type Database,
  type ServerProcess,
  type Throwaway,
  call,
  postgresDatabase,
  signIn,
  startServer,
} from './server-process.js';

/**
 * A feed poll whose instance dies mid-poll, with two instances on one PostgreSQL: nobody
 * polls the source while the dead instance's lease runs, the other instance polls it once the
 * lease is over, and it is polled by one instance at a time throughout.
 */
const LEASE_SECONDS = 12;
const FEEDS = {
  FEEDS_ALLOW_PRIVATE_URLS: '1',
  FEED_TIMEOUT_SECONDS: '3',
  FEED_LEASE_SECONDS: String(LEASE_SECONDS),
};
const usgs = readFileSync(
  new URL('../../modules/feeds/fixtures/usgs-4.5_day.geojson', import.meta.url),
  'utf8',
);

// Included by the resilience config only when TEST_DATABASE_URL is set.
describe('a feed poll cut off by a crash', () => {
  let database: Throwaway<Database>;
  let feeds: FeedServer;
  let first: ServerProcess | null = null;
  let second: ServerProcess | null = null;

  beforeAll(async () => {
    database = await postgresDatabase(process.env.TEST_DATABASE_URL ?? '');
    feeds = await startFeedServer();
  });
  afterAll(async () => {
    await first?.stop('SIGKILL');
    await second?.stop('SIGKILL');
    await feeds?.close();
    await database?.drop();
  });

  it('is taken over by the other instance once its lease is over, not before', async () => {
    // The feed hangs: the first instance claims the source and is killed while it waits.
    feeds.set('/usgs', { body: usgs, delayMs: 120_000 });
    first = await startServer(database.value, FEEDS);
    const token = (await signIn(first.url)).accessToken;
    const created = await call<SourceResponse>(first.url, 'POST', '/api/admin/sources', {
      token,
      body: { kind: 'USGS', name: 'Quakes', url: feeds.url('/usgs') },
    });
    expect(created.status).toBe(201);
    const deadline = Date.now() + 20_000;
    while (feeds.hits('/usgs') === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(feeds.hits('/usgs')).toBe(1);
    const claimedAt = Date.now();
    await first.stop('SIGKILL');
    first = null;

    // The other instance, running all along the rest of the lease, leaves the source alone.
    feeds.set('/usgs', { body: usgs });
    second = await startServer(database.value, FEEDS);
    const waitUntil = claimedAt + (LEASE_SECONDS - 2) * 1000;
    while (Date.now() < waitUntil) {
      expect(feeds.hits('/usgs')).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // Past the lease (and its next look, every 5 s), it polls, once, and the incidents land.
    const token2 = (await signIn(second.url)).accessToken;
    let source: SourceListResponse['data']['sources'][number] | undefined;
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      const list = await call<SourceListResponse>(second.url, 'GET', '/api/admin/sources', {
        token: token2,
      });
      source = list.body.data.sources.find((entry) => entry.name === 'Quakes');
      if (source?.lastSuccessAt) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(source).toMatchObject({ itemCount: 2, failures: 0, incidentCount: 2 });
    expect(feeds.hits('/usgs')).toBe(2);
  });
});
