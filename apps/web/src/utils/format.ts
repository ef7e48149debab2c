import type { User } from '@meridian/contracts';

export { formatMoney } from '@meridian/contracts';

export const fullName = (user: Pick<User, 'firstName' | 'lastName'>): string =>
  `${user.firstName} ${user.lastName}`.trim();

export function initials(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const letters = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`;
  return (letters || user.email.charAt(0)).toUpperCase();
}

/** A date and time in the reader's locale, e.g. "Mar 4, 2026, 9:15 AM". */
export const formatDateTime = (iso: string): string =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const SHORT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
const DAY = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'numeric', day: 'numeric' });

/** "26 Nov, 19:07" in the reader's time zone: a moment within the last months. */
export const formatShortTime = (iso: string): string => SHORT.format(new Date(iso));

/**
 * "26 Nov, 19:07 – 27 Nov, 08:00", or "26 Nov, 19:07 – 21:30" within one day (the reader's).
 */
export function formatShortSpan(fromIso: string, toIso: string): string {
  const from = new Date(fromIso);
  const to = new Date(toIso);
  const end = DAY.format(from) === DAY.format(to) ? TIME.format(to) : SHORT.format(to);
  return `${SHORT.format(from)} – ${end}`;
}

const CALENDAR_DAY = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar day ("2026-11-27", no time or zone) as "27 Nov 2026", the same for every reader. */
export const formatCalendarDay = (day: string): string =>
  CALENDAR_DAY.format(new Date(`${day}T00:00:00Z`));

/** "1.2 MB", "830 KB", "512 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
