import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_FEED_URLS, loadConfig } from '../config.js';
import { type DatabaseHandle, openDatabase } from '../db/client.js';
import { sources } from '../db/schema.js';
import { installDefaultSources } from './feeds.js';

describe('the built-in hazard feeds', () => {
  it('are all on in production, off elsewhere, and chosen with FEEDS', () => {
    const kinds = (env: Record<string, string>) =>
      loadConfig({ LOG_LEVEL: 'silent', ...env }).feeds.install.map((feed) => feed.kind);
    expect(kinds({})).toEqual(['USGS', 'GDACS', 'NWS', 'EONET', 'NHC']);
    expect(kinds({ NODE_ENV: 'development' })).toEqual([]);
    expect(kinds({ FEEDS: 'none' })).toEqual([]);
    expect(kinds({ NODE_ENV: 'test', FEEDS: 'usgs, nws' })).toEqual(['USGS', 'NWS']);
    const mirrored = loadConfig({
      LOG_LEVEL: 'silent',
      FEEDS: 'USGS',
      FEED_URL_USGS: 'https://mirror.example/significant_week.geojson',
    });
    expect(mirrored.feeds.install).toEqual([
      { kind: 'USGS', url: 'https://mirror.example/significant_week.geojson' },
    ]);
    expect(() => loadConfig({ FEEDS: 'usgs,rss' })).toThrow(ConfigError);
    expect(() => loadConfig({ FEEDS: 'usgs,rss' })).toThrow('FEEDS: unknown feed RSS');
  });

  describe('on first start', () => {
    let handle: DatabaseHandle;
    beforeEach(async () => {
      handle = await openDatabase({ kind: 'pglite', dataDir: null });
      await handle.migrate();
    });
    afterEach(() => handle.close());

    it('are installed once: a feed a platform admin removed stays removed', async () => {
      const install = [
        { kind: 'USGS' as const, url: DEFAULT_FEED_URLS.USGS },
        { kind: 'NWS' as const, url: DEFAULT_FEED_URLS.NWS },
      ];
      expect(await installDefaultSources(handle.db, install)).toBe(2);
      expect(await installDefaultSources(handle.db, install)).toBe(0);
      const rows = await handle.db.select().from(sources);
      expect(rows.map((row) => [row.key, row.name, row.enabled])).toEqual([
        ['USGS', 'USGS earthquakes', true],
        ['NWS', 'US National Weather Service alerts', true],
      ]);
      await handle.db.delete(sources);
      expect(await installDefaultSources(handle.db, install)).toBe(0);
      expect(await handle.db.select().from(sources)).toEqual([]);
    });
  });
});
