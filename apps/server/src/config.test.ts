import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('puts FEEDS_CONTACT in the feeds settings, and refuses one that would break the header', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).feeds.contact).toBeNull();
    expect(
      loadConfig({ NODE_ENV: 'test', FEEDS_CONTACT: ' ops@acme.example ' }).feeds.contact,
    ).toBe('ops@acme.example');
    expect(() =>
      loadConfig({ NODE_ENV: 'test', FEEDS_CONTACT: 'ops@acme.example\r\nX: 1' }),
    ).toThrow(/FEEDS_CONTACT/);
    for (const contact of ['me (you)', 'ops@acme.example\\']) {
      expect(() => loadConfig({ NODE_ENV: 'test', FEEDS_CONTACT: contact })).toThrow(
        /printable ASCII without parentheses or backslashes/,
      );
    }
  });

  it('reads FEED_FUSION into the feeds settings, and stops at start on one it cannot read', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).feeds.fusion.EARTHQUAKE).toEqual({
      minutes: 10,
      km: 100,
    });
    expect(loadConfig({ NODE_ENV: 'test', FEED_FUSION: 'off' }).feeds.fusion).toEqual({});
    expect(() => loadConfig({ NODE_ENV: 'test', FEED_FUSION: 'QUAKES=1m/1km' })).toThrow(
      /FEED_FUSION.*unknown hazard "QUAKES"/s,
    );
  });
});
