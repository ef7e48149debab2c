import { describe, expect, it } from 'vitest';
import { formatBytes, formatMoney, formatShortSpan, formatShortTime } from './format';

describe('formatBytes', () => {
  it('writes sizes in the largest fitting unit', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(900)).toBe('900 bytes');
    expect(formatBytes(2_560)).toBe('2.5 KB');
    expect(formatBytes(48_000)).toBe('47 KB');
    expect(formatBytes(3_400_000)).toBe('3.2 MB');
  });
});

// The web project runs in the machine's time zone; these read the same in any.
const local = (day: number, hour: number, minute: number) =>
  new Date(2026, 10, day, hour, minute).toISOString();

describe('short times', () => {
  it('gives the day, the month and the time', () => {
    expect(formatShortTime(local(26, 19, 7))).toBe('26 Nov, 19:07');
  });

  it('names the end day only when it differs from the start', () => {
    expect(formatShortSpan(local(26, 19, 7), local(26, 21, 30))).toBe('26 Nov, 19:07 – 21:30');
    expect(formatShortSpan(local(26, 19, 7), local(27, 8, 0))).toBe(
      '26 Nov, 19:07 – 27 Nov, 08:00',
    );
  });
});

describe('formatMoney', () => {
  it('writes the currency, or the bare number without a usable code', () => {
    expect(formatMoney(1_250_000, 'EUR')).toBe('€1,250,000');
    expect(formatMoney(5_000, null)).toBe('5,000');
    expect(formatMoney(5_000, 'NOTACODE')).toBe('5,000 NOTACODE');
  });
});
