import {
  ALERT_LIMITS,
  DEFAULT_PREFERENCES,
  Preferences,
  TIMEZONE_ZONES,
  type AlertKind,
  type AlertSummaryItem,
  PERSONAL_ALERT_KINDS,
  type Priority,
  type QuietHours,
} from '@meridian/contracts';
import { readSettings } from '../../lib/settings-documents.js';

/** Why a message waits in a digest beyond its window: the person's quiet hours, or the cap. */
export type HoldReason = 'QUIET' | 'CAP';
export type Hold = { until: Date; reason: HoldReason };

/** What a held message says when it leaves. */
export const HOLD_NOTES: Readonly<Record<HoldReason, string>> = {
  QUIET: 'Held for your quiet hours',
  CAP: `Held: more than ${ALERT_LIMITS.channelsPerHour} alerts reached you within an hour`,
};

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The time of day at `at` in `timeZone`, in minutes after midnight. */
function localMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/**
 * When the quiet hours that `at` falls in end (to the minute); null when it falls outside them
 * or they are off. Hours that pass midnight (22:00–07:00) hold until the next morning.
 */
export function quietUntil(quiet: QuietHours, at: Date): Date | null {
  if (!quiet.enabled) return null;
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  if (from === to) return null;
  const now = localMinutes(at, quiet.timeZone);
  const inside = from < to ? now >= from && now < to : now >= from || now < to;
  if (!inside) return null;
  const left = (to - now + DAY_MINUTES) % DAY_MINUTES;
  const end = new Date(at.getTime() + left * MINUTE);
  end.setUTCSeconds(0, 0);
  return end;
}

/** Goes out even in quiet hours: a P1 incident, a critical or single-source site newly hit. */
const cannotWait = (alert: {
  priority: Priority | null;
  urgent: boolean;
  summary: readonly AlertSummaryItem[] | null;
}) =>
  alert.urgent ||
  alert.priority === 'P1' ||
  (alert.summary ?? []).some((item) => item.urgent || item.priority === 'P1');

/**
 * Whether a message to a person's channels waits, and until when: never what is their own work
 * (assigned to them, overdue); in their quiet hours, what can wait; past the cap (the messages
 * they received in the last hour), anything else, until the oldest of those is an hour old.
 */
export function holdFor(
  alert: {
    kind: AlertKind;
    priority: Priority | null;
    urgent: boolean;
    summary: readonly AlertSummaryItem[] | null;
  },
  quiet: QuietHours,
  lastHour: { sent: number; oldest: Date | null },
  now: Date,
): Hold | null {
  if (PERSONAL_ALERT_KINDS.has(alert.kind)) return null;
  const quietEnd = cannotWait(alert) ? null : quietUntil(quiet, now);
  if (quietEnd) return { until: quietEnd, reason: 'QUIET' };
  if (lastHour.sent >= ALERT_LIMITS.channelsPerHour && lastHour.oldest) {
    return { until: new Date(lastHour.oldest.getTime() + 60 * MINUTE), reason: 'CAP' };
  }
  return null;
}

/** Quiet hours keep the profile's time zone when it names one; else the browser's, as saved. */
export function quietZone(preferences: unknown, quiet: QuietHours): string {
  const { timezone } = readSettings(Preferences, DEFAULT_PREFERENCES, preferences);
  return timezone === 'Automatic' ? quiet.timeZone : TIMEZONE_ZONES[timezone];
}
