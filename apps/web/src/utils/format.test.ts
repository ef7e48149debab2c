import { describe, expect, it } from 'vitest';
import { formatBytes } from './format';

describe('formatBytes', () => {
  it('writes sizes in the largest fitting unit', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(900)).toBe('900 bytes');
    expect(formatBytes(2_560)).toBe('2.5 KB');
    expect(formatBytes(48_000)).toBe('47 KB');
    expect(formatBytes(3_400_000)).toBe('3.2 MB');
  });
});
