import type { QuietHours } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { holdFor, quietUntil, quietZone } from './holds.js';

const nights = (timeZone: string): QuietHours => ({
  enabled: true,
  from: '22:00',
  to: '07:00',
  timeZone,
});
const at = (iso: string) => new Date(iso);

describe('quiet hours', () => {
  it('hold from their start to their end, across midnight, in the person’s time zone', () => {
    // 23:30 in Paris (UTC+1 in November): quiet until 07:00 Paris, 06:00 UTC.
    expect(quietUntil(nights('Europe/Paris'), at('2026-11-24T22:30:00Z'))).toEqual(
      at('2026-11-25T06:00:00Z'),
    );
    // 05:15 in Paris: still quiet, until 07:00.
    expect(quietUntil(nights('Europe/Paris'), at('2026-11-25T04:15:20Z'))).toEqual(
      at('2026-11-25T06:00:00Z'),
    );
    // 07:00 in Paris: over.
    expect(quietUntil(nights('Europe/Paris'), at('2026-11-25T06:00:00Z'))).toBeNull();
    // 22:30 UTC is 17:30 in New York: not quiet there.
    expect(quietUntil(nights('America/New_York'), at('2026-11-24T22:30:00Z'))).toBeNull();
  });

  it('hold within a day when they do not pass midnight, and never when off or empty', () => {
    const lunch: QuietHours = { enabled: true, from: '12:00', to: '13:30', timeZone: 'UTC' };
    expect(quietUntil(lunch, at('2026-11-24T12:10:00Z'))).toEqual(at('2026-11-24T13:30:00Z'));
    expect(quietUntil(lunch, at('2026-11-24T13:30:00Z'))).toBeNull();
    expect(quietUntil({ ...lunch, enabled: false }, at('2026-11-24T12:10:00Z'))).toBeNull();
    expect(quietUntil({ ...lunch, to: '12:00' }, at('2026-11-24T12:10:00Z'))).toBeNull();
  });
});

describe('what waits', () => {
  const alert = {
    kind: 'EXPOSURE_NEW' as const,
    priority: 'P2' as const,
    urgent: false,
    summary: null,
  };
  const night = at('2026-11-24T23:30:00Z');
  const none = { sent: 0, oldest: null };

  it('holds what can wait in quiet hours, never one’s own work, a P1 or a critical site', () => {
    expect(holdFor(alert, nights('UTC'), none, night)).toEqual({
      until: at('2026-11-25T07:00:00Z'),
      reason: 'QUIET',
    });
    expect(holdFor({ ...alert, kind: 'ACTION_ASSIGNED' }, nights('UTC'), none, night)).toBeNull();
    expect(holdFor({ ...alert, priority: 'P1' }, nights('UTC'), none, night)).toBeNull();
    expect(holdFor({ ...alert, urgent: true }, nights('UTC'), none, night)).toBeNull();
  });

  it('holds past the hourly cap until the oldest message of the hour is an hour old', () => {
    const oldest = at('2026-11-24T10:05:00Z');
    const now = at('2026-11-24T10:40:00Z');
    const off = { ...nights('UTC'), enabled: false };
    expect(holdFor(alert, off, { sent: 9, oldest }, now)).toBeNull();
    expect(holdFor(alert, off, { sent: 10, oldest }, now)).toEqual({
      until: at('2026-11-24T11:05:00Z'),
      reason: 'CAP',
    });
    // Urgent or not, only one's own work passes the cap.
    expect(holdFor({ ...alert, priority: 'P1' }, off, { sent: 10, oldest }, now)?.reason).toBe(
      'CAP',
    );
    expect(
      holdFor({ ...alert, kind: 'ACTION_OVERDUE' }, off, { sent: 10, oldest }, now),
    ).toBeNull();
  });
});

describe('the zone quiet hours are kept in', () => {
  it('is the profile’s when it names one, else the browser’s saved with them', () => {
    const quiet = nights('Europe/Paris');
    expect(quietZone({ timezone: 'Tokyo' }, quiet)).toBe('Asia/Tokyo');
    expect(quietZone({ timezone: 'Automatic' }, quiet)).toBe('Europe/Paris');
    expect(quietZone(null, quiet)).toBe('Europe/Paris');
  });
});
