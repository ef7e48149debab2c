import { describe, expect, it } from 'vitest';
import { formatShortSpan, formatShortTime } from './date-format';

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
