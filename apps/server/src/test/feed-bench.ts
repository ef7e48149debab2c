import { CONNECTORS } from '../modules/feeds/connectors/index.js';
import { startFeedServer } from './feed-server.js';
import { OWNER_EMAIL, startTestServer } from './test-server.js';

export type FeedBenchResult = {
  store: string;
  events: number;
  documentBytes: number;
  /** Baseline in the same run: reading the document alone (JSON and the connector). */
  parseMs: number;
  /** Fetch, parse and write every event as an incident, one transaction. */
  firstPollMs: number;
  eventsPerSecond: number;
  /** After the poll: the Events page's first request (global scope, 50 newest). */
  firstPageMs: number;
  /** The same document again: every event compared, nothing written. */
  unchangedPollMs: number;
  /** The same document behind its ETag: a 304. */
  notModifiedPollMs: number;
};

/** A USGS summary document of `count` earthquakes, the same for the same seed. */
export function usgsDocument(count: number, seed = 11): string {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const time = Date.now() - 3_600_000;
  const features = Array.from({ length: count }, (_, i) => {
    const mag = Math.round((4.5 + random() * 3) * 10) / 10;
    const lng = Math.round((random() * 360 - 180) * 1000) / 1000;
    const lat = Math.round((random() * 140 - 70) * 1000) / 1000;
    return {
      type: 'Feature',
      id: `bench${i}`,
      properties: {
        mag,
        place: `${Math.round(random() * 100)} km from somewhere ${i}`,
        time: time + i * 1000,
        updated: time + i * 1000,
        url: `https://earthquake.usgs.gov/earthquakes/eventpage/bench${i}`,
        alert: random() > 0.9 ? 'orange' : null,
        status: 'reviewed',
        tsunami: 0,
        magType: 'mb',
        type: 'earthquake',
        title: `M ${mag} - ${i}`,
      },
      geometry: { type: 'Point', coordinates: [lng, lat, 10] },
    };
  });
  return JSON.stringify({ type: 'FeatureCollection', metadata: { count }, features });
}

/**
 * Ingests a document of `events` earthquakes through the real path (HTTP fetch, parse, one
 * transaction) on a fresh database: PGlite, or PostgreSQL when `postgresUrl` is given.
 */
export async function benchFeedIngest(
  events: number,
  postgresUrl: string | undefined,
): Promise<FeedBenchResult> {
  const previous = { db: process.env.MERIDIAN_TEST_DB, url: process.env.TEST_DATABASE_URL };
  process.env.MERIDIAN_TEST_DB = postgresUrl ? 'postgres' : 'pglite';
  if (postgresUrl) process.env.TEST_DATABASE_URL = postgresUrl;
  const server = await startTestServer({
    WORKERS: '0',
    FEED_MAX_MB: '200',
    FEEDS_ALLOW_PRIVATE_URLS: '1',
    FEED_TIMEOUT_SECONDS: '120',
  });
  for (const [name, value] of [
    ['MERIDIAN_TEST_DB', previous.db],
    ['TEST_DATABASE_URL', previous.url],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  const feeds = await startFeedServer();
  try {
    const document = usgsDocument(events);
    const parseStarted = performance.now();
    CONNECTORS.USGS.parse(document);
    const parseMs = performance.now() - parseStarted;
    feeds.set('/bench', { body: document });
    const token = (await server.login(OWNER_EMAIL)).accessToken;
    const created = await server.request<{ data: { source: { id: string } } }>(
      'POST',
      '/api/admin/sources',
      { token, body: { kind: 'USGS', name: 'Bench', url: feeds.url('/bench') } },
    );
    const id = created.body.data.source.id;
    const poll = async () => {
      await server.request('POST', `/api/admin/sources/${id}/poll`, { token });
      const started = performance.now();
      await server.app.feedPoller.runDue();
      return performance.now() - started;
    };
    const firstPollMs = await poll();
    const pageStarted = performance.now();
    const page = await server.request<{ data: { title: string }[] }>(
      'GET',
      '/api/atlas/events?scope=GLOBAL&limit=50',
      { token },
    );
    const firstPageMs = performance.now() - pageStarted;
    if (!page.body.data.some((incident) => incident.title.startsWith('M '))) {
      throw new Error('the ingested incidents are not on the Events page');
    }
    const unchangedPollMs = await poll();
    feeds.set('/bench', { body: document, etag: '"bench"' });
    await poll(); // learns the ETag
    const notModifiedPollMs = await poll();
    return {
      store: postgresUrl ? 'PostgreSQL' : 'PGlite',
      events,
      documentBytes: Buffer.byteLength(document),
      parseMs,
      firstPollMs,
      eventsPerSecond: events / (firstPollMs / 1000),
      firstPageMs,
      unchangedPollMs,
      notModifiedPollMs,
    };
  } finally {
    await feeds.close();
    await server.close();
  }
}
