import { describe, expect, it } from 'vitest';
import { KeyedConcurrency } from './keyed-concurrency.js';

describe('KeyedConcurrency', () => {
  it('refuses a key past its limit, leaves other keys alone, and frees a place on release', () => {
    const limit = new KeyedConcurrency(2);
    const first = limit.tryAcquire('acme');
    const second = limit.tryAcquire('acme');
    expect(first && second).toBeTruthy();
    expect(limit.tryAcquire('acme')).toBeNull();
    expect(limit.tryAcquire('borealis')).not.toBeNull();
    first?.();
    first?.(); // a second release gives back nothing more
    expect(limit.count('acme')).toBe(1);
    expect(limit.tryAcquire('acme')).not.toBeNull();
    expect(limit.tryAcquire('acme')).toBeNull();
  });
});
