import type { BadgeTone } from '@/components/ui/Badge';
import type { IncidentStatus, Priority, Severity } from '@meridian/contracts';
import type { ReadIncident } from '@/lib/readers';
import * as WEB_MESSAGES from '@/config/messages';

/** Severity colours of spec part 4: CRITICAL red, HIGH orange, MEDIUM yellow, LOW green. */
export const SEVERITY_TONE: Record<Severity, BadgeTone> = {
  CRITICAL: 'red',
  HIGH: 'orange',
  MEDIUM: 'yellow',
  LOW: 'green',
};

/** Priorities from red (P1, act now) to blue (P4, note). */
export const PRIORITY_TONE: Record<Priority, BadgeTone> = {
  P1: 'red',
  P2: 'orange',
  P3: 'yellow',
  P4: 'blue',
};

/** How much larger Atlas draws an incident of each priority than one that reaches nothing. */
export const PRIORITY_MAP_SIZE: Record<Priority, number> = {
  P1: 1.7,
  P2: 1.45,
  P3: 1.25,
  P4: 1.1,
};

/** The same colours as map paint (Tailwind red-600, orange-500, yellow-400, green-600). */
export const SEVERITY_MAP_COLOR: Record<Severity, string> = {
  CRITICAL: '#dc2626',
  HIGH: '#f97316',
  MEDIUM: '#facc15',
  LOW: '#16a34a',
};

export const STATUS_TEXT_CLASS: Record<IncidentStatus, string> = {
  OPEN: 'text-red-700 dark:text-red-300',
  IN_PROGRESS: 'text-amber-700 dark:text-amber-300',
  RESOLVED: 'text-emerald-700 dark:text-emerald-300',
};

/** IN_PROGRESS → "IN PROGRESS". */
export const formatStatus = (status: IncidentStatus): string => status.replaceAll('_', ' ');

/** "51.95, 4.05 (NL)", or the spec's text when the incident has no location. */
export function formatLocation(location: ReadIncident['location']): string {
  if (!location) return WEB_MESSAGES.events.locationUnavailable;
  const coordinates = `${location.lat.toFixed(2)}, ${location.lng.toFixed(2)}`;
  return location.countryCode ? `${coordinates} (${location.countryCode})` : coordinates;
}

/** The time as a UTC string, or "Unknown" when it is missing or unreadable. */
export function formatUtc(isoTime: string | null | undefined): string {
  if (!isoTime) return WEB_MESSAGES.events.dateUnknown;
  const time = new Date(isoTime);
  return Number.isNaN(time.getTime()) ? WEB_MESSAGES.events.dateUnknown : time.toUTCString();
}
