import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

describe('relativeTime', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it('says how long ago or how soon, in the largest unit that fits', () => {
    expect(relativeTime('2026-11-23T11:57:00Z', now)).toBe('3 minutes ago');
    expect(relativeTime('2026-11-23T12:00:30Z', now)).toBe('in 30 seconds');
    expect(relativeTime('2026-11-21T12:00:00Z', now)).toBe('2 days ago');
    expect(relativeTime('2026-11-23T12:00:00Z', now)).toBe('now');
  });
});
