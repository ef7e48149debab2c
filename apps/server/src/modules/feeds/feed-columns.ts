import { defaultAffectedRadiusKm } from '@meridian/contracts';
import { createHash } from 'node:crypto';
import type { ReportedEvent } from '../../db/schema.js';
import { TRACKED } from '../incidents/incident-changes.js';
import type { IncidentRow } from '../incidents/incidents.reads.js';
import type { FeedEvent } from './connectors/types.js';
import type { NewReport } from './feed-reports.repository.js';

/*
 * A feed's event as columns: of the incident it makes, and of the feed's report of it.
 */

/** The fields a feed reports; the rest (assignee, status by hand) are people's. */
export const FEED_FIELDS = [
  'title',
  'description',
  'severity',
  'type',
  'location',
  'startsAt',
  'endsAt',
  'affectedRadiusKm',
  'area',
  'sourceUrl',
] as const;

/** What the feed said of each field, as compared poll to poll (an area by its digest). */
export function feedValuesOf(row: IncidentRow): Record<string, unknown> {
  return Object.fromEntries(
    FEED_FIELDS.map((field) => [
      field,
      field === 'area'
        ? row.area
          ? createHash('sha1').update(JSON.stringify(row.area)).digest('base64url')
          : null
        : (TRACKED[field]?.(row) ?? null),
    ]),
  );
}

export const columnsOf = (event: FeedEvent, startsAt: Date) => ({
  title: event.title,
  description: event.description,
  severity: event.severity,
  type: event.type,
  lat: event.lat,
  lng: event.lng,
  countryCode: event.countryCode,
  area: event.area,
  affectedRadiusKm: event.affectedRadiusKm ?? defaultAffectedRadiusKm(event.type, event.severity),
  startsAt: event.startsAt ?? startsAt,
  endsAt: event.endsAt,
  sourceUrl: event.sourceUrl,
});

export type Columns = ReturnType<typeof columnsOf>;
/** Columns of an incident as it would be with the feed's values, for comparing. */
export const asRow = (base: IncidentRow, columns: Partial<Columns>): IncidentRow => ({
  ...base,
  ...columns,
});

/** The event as the feed gave it, kept on its report for a split. */
export const reportedOf = (columns: Columns): ReportedEvent => ({
  title: columns.title,
  description: columns.description,
  type: columns.type,
  lat: columns.lat,
  lng: columns.lng,
  countryCode: columns.countryCode,
  area: columns.area,
  affectedRadiusKm: columns.affectedRadiusKm,
  startsAt: columns.startsAt.toISOString(),
  endsAt: columns.endsAt?.toISOString() ?? null,
});

/** A report's columns after a poll: what this feed says of the event now. */
export const reportColumnsOf = (
  source: { name: string },
  event: FeedEvent,
  columns: Columns,
  said: Record<string, unknown>,
  now: Date,
): Omit<NewReport, 'incidentId' | 'source' | 'sourceId'> => ({
  sourceName: source.name,
  sourceUrl: event.sourceUrl,
  hazard: event.hazard ?? null,
  severity: event.severity,
  reported: reportedOf(columns),
  feedValues: said,
  endsAt: event.endsAt,
  lastSeenAt: now,
});

/** The feed says the event is over: closed, or past its end. */
export const isOver = (event: FeedEvent, now: Date) =>
  event.closed || (event.endsAt !== null && event.endsAt < now);

/** The columns that hold one tracked field. */
export function pick(columns: Columns, field: string): Partial<Columns> {
  if (field === 'location') {
    return { lat: columns.lat, lng: columns.lng, countryCode: columns.countryCode };
  }
  return field in columns ? { [field]: columns[field as keyof Columns] } : {};
}
