import { defaultAffectedRadiusKm } from '@meridian/contracts';
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Executor } from '../../db/client.js';
import { TRACKED, changesBetween } from '../incidents/incident-changes.js';
import {
  type IncidentRow,
  type NewIncident,
  type NewIncidentEvent,
} from '../incidents/incidents.reads.js';
import type { FeedEvent, ParsedFeed } from './connectors/types.js';
import { feedIncidents } from './feed-incidents.repository.js';

/** The fields a feed reports; the rest (assignee, status by hand) are people's. */
const FEED_FIELDS = [
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
function feedValuesOf(row: IncidentRow): Record<string, unknown> {
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

const columnsOf = (event: FeedEvent, startsAt: Date) => ({
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

/** Who writes: a feed (global incidents) or an organization's system (its own incidents). */
export type FeedSource = { key: string; name: string; organizationId?: string | null };

export type IngestResult = {
  created: number;
  updated: number;
  resolved: number;
  unchanged: number;
  /** Incidents whose exposure must be computed again. */
  touched: string[];
};

type Columns = ReturnType<typeof columnsOf>;
/** Columns of an incident as it would be with the feed's values, for comparing. */
const asRow = (base: IncidentRow, columns: Partial<Columns>): IncidentRow => ({
  ...base,
  ...columns,
});

/**
 * Writes a parsed feed document as global incidents, in the caller's transaction:
 * - a new event (not already over) becomes an incident, its creation on the timeline;
 * - a known event changes only in what the feed changed since its last document, and a field a
 *   person has edited keeps the person's value (the timeline notes what the feed said instead);
 * - an event the feed closes, one past its end, and (for a snapshot feed) an open one the
 *   document no longer lists is resolved, unless a person has set its status.
 */
export async function ingestFeed(
  tx: Executor,
  source: FeedSource,
  feed: ParsedFeed,
  snapshot: boolean,
  now: Date,
): Promise<IngestResult> {
  const result: IngestResult = { created: 0, updated: 0, resolved: 0, unchanged: 0, touched: [] };
  const known = new Map(
    (
      await feedIncidents.findBySourceIds(
        tx,
        source.key,
        feed.events.map((e) => e.sourceId),
      )
    ).map((row) => [row.sourceId ?? '', row]),
  );
  const byPeople = await feedIncidents.fieldsEditedByPeople(
    tx,
    [...known.values()].map((row) => row.id),
  );
  const entries: NewIncidentEvent[] = [];
  const entry = (
    incidentId: string,
    kind: NewIncidentEvent['kind'],
    rest: Partial<NewIncidentEvent>,
  ) =>
    entries.push({
      incidentId,
      organizationId: source.organizationId ?? null,
      actorUserId: null,
      source: source.name,
      kind,
      ...rest,
    });

  const fresh: NewIncident[] = [];
  for (const event of feed.events) {
    const row = known.get(event.sourceId);
    if (!row) {
      // Already over when first seen: history, not something to watch.
      if (event.closed || (event.endsAt && event.endsAt < now)) continue;
      fresh.push({
        organizationId: source.organizationId ?? null,
        source: source.key,
        sourceId: event.sourceId,
        status: 'OPEN',
        ...columnsOf(event, now),
      });
      continue;
    }
    const edited = byPeople.get(row.id) ?? new Set<string>();
    const reported = asRow(row, columnsOf(event, row.startsAt));
    const said = feedValuesOf(reported);
    const before = row.feedValues ?? {};
    // Only what the feed itself changed since its last document is news.
    const moved = FEED_FIELDS.filter((field) => !isDeepStrictEqual(before[field], said[field]));
    const applied = moved.filter((field) => !edited.has(field));
    const kept = moved.filter((field) => edited.has(field));
    const next: Partial<Columns> & Partial<NewIncident> = {};
    const reportedColumns = columnsOf(event, row.startsAt);
    for (const field of applied) Object.assign(next, pick(reportedColumns, field));
    const changes = changesBetween(row, asRow(row, next), applied);
    const closing =
      row.status !== 'RESOLVED' && (event.closed || (event.endsAt !== null && event.endsAt < now));
    const personSetStatus = edited.has('status');
    if (changes.length > 0) entry(row.id, 'UPDATED', { changes });
    if (kept.length > 0) {
      const told = changesBetween(row, reported, kept)
        .map((change) => `${change.field}: ${JSON.stringify(change.to)}`)
        .join('; ');
      if (told) {
        entry(row.id, 'COMMENT', {
          changes: [],
          body: `${source.name} now reports ${told}. The value a person set is kept.`,
        });
      }
    }
    if (closing && personSetStatus) {
      entry(row.id, 'COMMENT', {
        changes: [],
        body: `${source.name} reports this event is over; the status a person set is kept.`,
      });
    }
    const resolve = closing && !personSetStatus;
    if (resolve) {
      entry(row.id, 'STATUS', {
        changes: [{ field: 'status', from: row.status, to: 'RESOLVED' }],
        body: event.closed ? `Closed by ${source.name}` : `Ended ${event.endsAt?.toISOString()}`,
      });
    }
    if (changes.length === 0 && !resolve && isDeepStrictEqual(before, said)) {
      result.unchanged += 1;
      continue;
    }
    await feedIncidents.update(tx, row.id, {
      ...next,
      feedValues: said,
      ...(resolve ? { status: 'RESOLVED', resolvedAt: now } : {}),
    });
    if (changes.length > 0 || resolve) result.touched.push(row.id);
    if (changes.length > 0) result.updated += 1;
    if (resolve) result.resolved += 1;
    if (changes.length === 0 && !resolve) result.unchanged += 1;
  }

  const created = await feedIncidents.insertMany(
    tx,
    fresh.map((row) => ({ ...row, feedValues: feedValuesOf(row as IncidentRow) })),
  );
  for (const row of created) {
    entry(row.id, 'CREATED', {
      changes: [
        { field: 'status', from: null, to: 'OPEN' },
        ...Object.entries(TRACKED)
          .map(([field, read]) => ({ field, from: null, to: read(row) }))
          .filter((change) => change.to !== null),
      ],
      body: `Reported by ${source.name}`,
    });
    result.touched.push(row.id);
  }
  result.created = created.length;

  // Over without saying so: past its end, or (snapshot) no longer listed.
  const listed = new Set([...feed.events.map((event) => event.sourceId), ...(feed.heldBack ?? [])]);
  const stale = await feedIncidents.openOf(
    tx,
    source.key,
    source.organizationId ?? null,
    snapshot ? null : now,
  );
  const ending = stale.filter(
    (row) =>
      !result.touched.includes(row.id) &&
      ((row.endsAt !== null && row.endsAt < now) || (snapshot && !listed.has(row.sourceId ?? ''))),
  );
  const personStatus = await feedIncidents.fieldsEditedByPeople(
    tx,
    ending.map((row) => row.id),
  );
  for (const row of ending) {
    if (personStatus.get(row.id)?.has('status')) continue;
    await feedIncidents.update(tx, row.id, { status: 'RESOLVED', resolvedAt: now });
    entry(row.id, 'STATUS', {
      changes: [{ field: 'status', from: row.status, to: 'RESOLVED' }],
      body:
        row.endsAt !== null && row.endsAt < now
          ? `Ended ${row.endsAt.toISOString()}`
          : `No longer listed by ${source.name}`,
    });
    result.touched.push(row.id);
    result.resolved += 1;
  }
  await feedIncidents.insertEvents(tx, entries);
  return result;
}

/** The columns that hold one tracked field. */
function pick(columns: Columns, field: string): Partial<Columns> {
  if (field === 'location') {
    return { lat: columns.lat, lng: columns.lng, countryCode: columns.countryCode };
  }
  return field in columns ? { [field]: columns[field as keyof Columns] } : {};
}
