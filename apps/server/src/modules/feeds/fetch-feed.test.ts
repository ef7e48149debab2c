import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeedServer, startFeedServer } from '../../test/feed-server.js';
import { OWNER_EMAIL, type TestServer, startTestServer } from '../../test/test-server.js';
import { fetchFeed } from './fetch-feed.js';

/**
 * Reading a feed from an address someone typed: redirects followed, compressed answers read,
 * sizes bounded, and, unless the install allows it, nothing on a private network reached.
 */
let feeds: FeedServer;
const none = { etag: null, lastModified: null };
const inside = { timeoutMs: 2000, maxBytes: 1024 * 1024, allowPrivate: true };
const outside = { ...inside, allowPrivate: false };

beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(() => feeds.close());

describe('fetching a feed', () => {
  it('follows redirects and reads gzip answers with their validators', async () => {
    feeds.set('/gz', {
      body: '{"type":"FeatureCollection","features":[]}',
      gzip: true,
      etag: '"v1"',
    });
    feeds.set('/moved', { location: '/gz', status: 301 });
    const fetched = await fetchFeed(feeds.url('/moved'), none, inside);
    expect(fetched).toEqual({
      changed: true,
      document: '{"type":"FeatureCollection","features":[]}',
      bytes: Buffer.from('{"type":"FeatureCollection","features":[]}'),
      etag: '"v1"',
      lastModified: null,
    });
    expect(feeds.lastHeaders('/gz')['accept-encoding']).toContain('gzip');
    expect(feeds.lastHeaders('/gz')['user-agent']).toBe(
      'Meridian supply-chain risk monitor (feed reader)',
    );
    expect(await fetchFeed(feeds.url('/gz'), { etag: '"v1"', lastModified: null }, inside)).toEqual(
      {
        changed: false,
      },
    );
  });

  it("says in its User-Agent how to reach the install's operator (FEEDS_CONTACT)", async () => {
    feeds.set('/who', { body: '{}' });
    await fetchFeed(feeds.url('/who'), none, { ...inside, contact: 'ops@acme.example' });
    expect(feeds.lastHeaders('/who')['user-agent']).toBe(
      'Meridian supply-chain risk monitor (feed reader; ops@acme.example)',
    );
  });

  it('counts the size after decompression, so a small gzip bomb is still too large', async () => {
    feeds.set('/bomb', { body: 'x'.repeat(5 * 1024 * 1024), gzip: true });
    await expect(fetchFeed(feeds.url('/bomb'), none, inside)).rejects.toThrow(
      'document too large (over 1 MB)',
    );
  });

  it('stops after five redirects', async () => {
    feeds.set('/loop', { location: '/loop' });
    await expect(fetchFeed(feeds.url('/loop'), none, inside)).rejects.toThrow('too many redirects');
  });

  it('refuses private addresses unless allowed, literal or by name', async () => {
    feeds.set('/doc', { body: '{}' });
    await expect(fetchFeed(feeds.url('/doc'), none, outside)).rejects.toThrow(
      'the address is on a private network',
    );
    const port = new URL(feeds.url('/')).port;
    // A name is checked where the socket connects (no rebinding between a check and a use).
    await expect(fetchFeed(`http://localhost:${port}/doc`, none, outside)).rejects.toThrow(
      'the address is on a private network',
    );
    // Nothing reached the feed server.
    expect(feeds.hits('/doc')).toBe(0);
  });
});

describe('saving a feed address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ WORKERS: '0' });
  });
  afterAll(() => server.close());

  it('refuses a private address when the install does not allow them', async () => {
    const { accessToken } = await server.login(OWNER_EMAIL);
    for (const url of [
      'http://127.0.0.1:8080/feed',
      'http://localhost/feed',
      'http://[::1]/x',
      'http://169.254.169.254/latest',
    ]) {
      const refused = await server.request<{ message: string }>('POST', '/api/admin/sources', {
        token: accessToken,
        body: { kind: 'CAP', name: `Inside ${url}`, url },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('private network');
    }
    const accepted = await server.request('POST', '/api/admin/sources', {
      token: accessToken,
      body: {
        kind: 'CAP',
        name: 'Meteoalarm',
        url: 'https://feeds.meteoalarm.org/feeds/meteoalarm-legacy-atom-germany',
      },
    });
    expect(accepted.status).toBe(201);
  });
});
