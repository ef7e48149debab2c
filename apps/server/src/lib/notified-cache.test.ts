import { describe, expect, it } from 'vitest';
import { NotifiedCache } from './notified-cache.js';

const cacheAt = (clock: { now: number }, maxEntries = 10) => {
  const cache = new NotifiedCache<string>({ maxEntries, maxAgeMs: 1_000, now: () => clock.now });
  cache.setListening(true);
  return cache;
};

describe('NotifiedCache', () => {
  it('keeps what was read until a change of its group, or of everyone', () => {
    const cache = cacheAt({ now: 0 });
    cache.store('ann:s1', 'ann', 'ann-1', cache.begin());
    cache.store('ann:s2', 'ann', 'ann-2', cache.begin());
    cache.store('bob:s1', 'bob', 'bob-1', cache.begin());
    expect(cache.get('ann:s1')).toBe('ann-1');
    cache.changed('ann');
    expect(cache.get('ann:s1')).toBeUndefined();
    expect(cache.get('ann:s2')).toBeUndefined();
    expect(cache.get('bob:s1')).toBe('bob-1');
    cache.changed('*');
    expect(cache.get('bob:s1')).toBeUndefined();
  });

  it('does not store a read that a change overtook', () => {
    const cache = cacheAt({ now: 0 });
    const readAt = cache.begin();
    // The row changes (and is announced) while the read is on its way back.
    cache.changed('ann');
    cache.store('ann:s1', 'ann', 'stale', readAt);
    expect(cache.get('ann:s1')).toBeUndefined();
    cache.store('ann:s1', 'ann', 'fresh', cache.begin());
    expect(cache.get('ann:s1')).toBe('fresh');
  });

  it('caches nothing while it is not listening, and forgets all when listening stops', () => {
    const cache = cacheAt({ now: 0 });
    cache.store('ann:s1', 'ann', 'ann-1', cache.begin());
    cache.setListening(false);
    expect(cache.get('ann:s1')).toBeUndefined();
    cache.store('ann:s1', 'ann', 'ann-1', cache.begin());
    expect(cache.size).toBe(0);
  });

  it('lets entries age out, and drops the oldest when full', () => {
    const clock = { now: 0 };
    const cache = cacheAt(clock, 2);
    cache.store('a:1', 'a', 'a', cache.begin());
    clock.now = 600;
    cache.store('b:1', 'b', 'b', cache.begin());
    cache.store('c:1', 'c', 'c', cache.begin());
    expect(cache.size).toBe(2);
    expect(cache.get('a:1')).toBeUndefined();
    clock.now = 1_100;
    expect(cache.get('b:1')).toBe('b');
    clock.now = 1_700;
    expect(cache.get('b:1')).toBeUndefined();
  });

  it('reads through: loads on a miss, keeps it, and serves it until its group changes', async () => {
    const cache = cacheAt({ now: 0 });
    let reads = 0;
    const load = async () => `page-${++reads}`;
    expect(await cache.through('acme:q', 'acme', load)).toBe('page-1');
    expect(await cache.through('acme:q', 'acme', load)).toBe('page-1');
    cache.changed('globex');
    expect(await cache.through('acme:q', 'acme', load)).toBe('page-1');
    cache.changed('acme');
    expect(await cache.through('acme:q', 'acme', load)).toBe('page-2');
  });

  it('reads through without keeping a read that a change overtook', async () => {
    const cache = cacheAt({ now: 0 });
    let reads = 0;
    const overtaken = async () => {
      reads += 1;
      // The change is announced while this read is on its way back.
      cache.changed('acme');
      return 'stale';
    };
    expect(await cache.through('acme:q', 'acme', overtaken)).toBe('stale');
    expect(await cache.through('acme:q', 'acme', async () => 'fresh')).toBe('fresh');
    expect(reads).toBe(1);
  });
});
