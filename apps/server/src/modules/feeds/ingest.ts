import type { FusionRules } from '@meridian/contracts';
import { isDeepStrictEqual } from 'node:util';
import { LOCKS, lockFor } from '../../db/advisory-lock.js';
import type { Executor } from '../../db/client.js';
import { TRACKED, changesBetween } from '../incidents/incident-changes.js';
import {
  type IncidentRow,
  type NewIncident,
  type NewIncidentEvent,
} from '../incidents/incidents.reads.js';
import type { FeedEvent, ParsedFeed } from './connectors/types.js';
import {
  type Columns,
  FEED_FIELDS,
  asRow,
  columnsOf,
  feedValuesOf,
  isOver,
  pick,
  reportColumnsOf,
} from './feed-columns.js';
import { feedIncidents } from './feed-incidents.repository.js';
import { FusionCandidates, higher, highestLive } from './fusion.js';
import { type NewReport, feedReportsRepository as reports } from './feed-reports.repository.js';

/** Who writes: a feed (global incidents) or an organization's system (its own incidents). */
export type FeedSource = { key: string; name: string; organizationId?: string | null };

export type IngestResult = {
  created: number;
  updated: number;
  resolved: number;
  unchanged: number;
  /** New events that another feed had already reported: they joined its incident. */
  merged: number;
  /** Incidents whose exposure must be computed again. */
  touched: string[];
};

/**
 * What a report other than the one that made the incident changes of it: the severity (the
 * incident's is the highest its live reports give). The title, description, place and times
 * stay those of the first feed, so that two feeds do not take turns rewriting them.
 */
const JOINED_FIELDS: readonly string[] = ['severity'];

const groupBy = <T>(items: T[], key: (item: T) => string): Map<string, T[]> => {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
};

/**
 * Writes a parsed feed document as global incidents, in the caller's transaction:
 * - a new event (not already over) becomes an incident, its creation on the timeline, unless
 *   another feed already reported it (`fusion`): then it joins that incident as a report;
 * - a known event changes only in what the feed changed since its last document, and a field a
 *   person has edited keeps the person's value (the timeline notes what the feed said instead);
 * - an event the feed closes, one past its end, and (for a snapshot feed) an open one the
 *   document no longer lists is over for this feed; its incident is resolved when it is over
 *   for every feed that reported it, unless a person has set its status.
 */
export async function ingestFeed(
  tx: Executor,
  source: FeedSource,
  feed: ParsedFeed,
  snapshot: boolean,
  now: Date,
  fusion: FusionRules = {},
): Promise<IngestResult> {
  const result: IngestResult = {
    created: 0,
    updated: 0,
    resolved: 0,
    unchanged: 0,
    merged: 0,
    touched: [],
  };
  const global = !source.organizationId;
  // Two instances polling two feeds of one event at once would each make an incident of it.
  if (global) await lockFor(tx, LOCKS.feedIngest, 'global');
  const known = new Map(
    (
      await reports.findBySourceIds(
        tx,
        source.key,
        feed.events.map((e) => e.sourceId),
      )
    ).map((found) => [found.report.sourceId, found]),
  );
  const incidentIds = [...new Set([...known.values()].map((found) => found.incident.id))];
  // Other feeds' reports count where this feed's severity moved or its event ended.
  const weighed = feed.events.flatMap((event) => {
    const found = known.get(event.sourceId);
    return found && (isOver(event, now) || event.severity !== found.report.severity)
      ? [found.incident.id]
      : [];
  });
  const siblings = groupBy(
    weighed.length > 0 ? await reports.othersOf(tx, source.key, [...new Set(weighed)]) : [],
    (row) => row.incidentId,
  );
  const byPeople = await feedIncidents.fieldsEditedByPeople(tx, incidentIds);
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

  // The incidents of other feeds that the new events may be, read once for the document.
  const candidates = global
    ? await FusionCandidates.load(
        tx,
        source.key,
        feed.events
          .filter((event) => !known.has(event.sourceId) && !isOver(event, now))
          .map((event) => ({ event, startsAt: event.startsAt ?? now })),
        fusion,
      )
    : FusionCandidates.none;
  const fresh: { event: FeedEvent; row: NewIncident }[] = [];
  for (const event of feed.events) {
    const found = known.get(event.sourceId);
    if (!found) {
      // Already over when first seen: history, not something to watch.
      if (isOver(event, now)) continue;
      const startsAt = event.startsAt ?? now;
      const same = candidates.match(event, startsAt);
      if (same) {
        candidates.take(same.id);
        await join(same, event, startsAt);
        continue;
      }
      fresh.push({
        event,
        row: {
          organizationId: source.organizationId ?? null,
          source: source.key,
          sourceId: event.sourceId,
          status: 'OPEN',
          // Only a new incident is marked: a later report never unconfirms one.
          unverified: event.unverified === true,
          ...columnsOf(event, now),
        },
      });
      continue;
    }
    const { report, incident: row } = found;
    const first = row.source === source.key && row.sourceId === event.sourceId;
    const others = siblings.get(row.id) ?? [];
    const edited = byPeople.get(row.id) ?? new Set<string>();
    const reported = columnsOf(event, row.startsAt);
    const said = feedValuesOf(asRow(row, reported));
    const before = report.feedValues ?? {};
    // Only what the feed itself changed since its last document is news.
    const moved = FEED_FIELDS.filter(
      (field) =>
        !isDeepStrictEqual(before[field], said[field]) && (first || JOINED_FIELDS.includes(field)),
    );
    const applied = moved.filter((field) => !edited.has(field));
    const kept = moved.filter((field) => edited.has(field));
    // The incident's severity is the highest of its live reports'.
    const applying: Columns = {
      ...reported,
      severity: highestLive(others, event.severity) ?? event.severity,
    };
    const next: Partial<Columns> & Partial<NewIncident> = {};
    for (const field of applied) Object.assign(next, pick(applying, field));
    const changes = changesBetween(row, asRow(row, next), applied);
    const over = isOver(event, now);
    const closing = row.status !== 'RESOLVED' && over && !others.some((other) => !other.over);
    const personSetStatus = edited.has('status');
    if (changes.length > 0) entry(row.id, 'UPDATED', { changes });
    if (kept.length > 0) {
      const told = changesBetween(row, asRow(row, reported), kept)
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
    const reportChanged =
      !isDeepStrictEqual(before, said) ||
      report.over !== over ||
      report.severity !== event.severity ||
      report.hazard !== (event.hazard ?? null) ||
      report.sourceUrl !== event.sourceUrl;
    if (reportChanged) {
      await reports.update(tx, report.id, {
        ...reportColumnsOf(source, event, reported, said, now),
        ...(first ? { reported: null } : {}),
        over,
      });
    }
    if (changes.length === 0 && !resolve) {
      result.unchanged += 1;
      continue;
    }
    await feedIncidents.update(tx, row.id, {
      ...next,
      ...(resolve ? { status: 'RESOLVED', resolvedAt: now } : {}),
    });
    result.touched.push(row.id);
    if (changes.length > 0) result.updated += 1;
    if (resolve) result.resolved += 1;
    if (changes.length === 0) result.unchanged += 1;
  }

  /** The event another feed already reported joins its incident, raising its severity. */
  async function join(same: IncidentRow, event: FeedEvent, startsAt: Date) {
    const columns = columnsOf(event, startsAt);
    await reports.insertMany(tx, [
      {
        incidentId: same.id,
        source: source.key,
        sourceId: event.sourceId,
        ...reportColumnsOf(source, event, columns, feedValuesOf(asRow(same, columns)), now),
        firstSeenAt: now,
      },
    ]);
    entry(same.id, 'COMMENT', { changes: [], body: `Also reported by ${source.name}` });
    const severity = higher(same.severity, event.severity);
    const edited = (await feedIncidents.fieldsEditedByPeople(tx, [same.id])).get(same.id);
    if (severity !== same.severity && !edited?.has('severity')) {
      await feedIncidents.update(tx, same.id, { severity });
      entry(same.id, 'UPDATED', {
        changes: [{ field: 'severity', from: same.severity, to: severity }],
      });
      result.touched.push(same.id);
      result.updated += 1;
    }
    result.merged += 1;
  }

  const created = await feedIncidents.insertMany(
    tx,
    fresh.map((item) => item.row),
  );
  const freshBySourceId = new Map(fresh.map((item) => [item.event.sourceId, item.event]));
  const firstReports: NewReport[] = [];
  for (const row of created) {
    const event = freshBySourceId.get(row.sourceId ?? '');
    if (event) {
      firstReports.push({
        incidentId: row.id,
        source: source.key,
        sourceId: event.sourceId,
        ...reportColumnsOf(source, event, columnsOf(event, now), feedValuesOf(row), now),
        // The incident holds the first report's event; only a joined report may be split.
        reported: null,
        firstSeenAt: now,
      });
    }
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
  await reports.insertMany(tx, firstReports);
  result.created = created.length;

  // Over without saying so: past its end, or (snapshot) no longer listed.
  await endUnlisted(tx, source, feed, snapshot, now, result, entry);
  await feedIncidents.insertEvents(tx, entries);
  return result;
}

/**
 * The source's live reports that the document does not list: over when past the feed's end,
 * or (a snapshot feed) at once; an incident over for every feed that reported it is resolved,
 * unless a person has set its status.
 */
async function endUnlisted(
  tx: Executor,
  source: FeedSource,
  feed: ParsedFeed,
  snapshot: boolean,
  now: Date,
  result: IngestResult,
  entry: (
    incidentId: string,
    kind: NewIncidentEvent['kind'],
    rest: Partial<NewIncidentEvent>,
  ) => void,
) {
  const listed = new Set([...feed.events.map((event) => event.sourceId), ...(feed.heldBack ?? [])]);
  const live = await reports.openOf(
    tx,
    source.key,
    source.organizationId ?? null,
    snapshot ? null : now,
  );
  const ending = live.filter(
    ({ report }) =>
      !listed.has(report.sourceId) && (snapshot || (report.endsAt !== null && report.endsAt < now)),
  );
  for (const { report } of ending) await reports.update(tx, report.id, { over: true });
  const incidentIds = [...new Set(ending.map(({ incident }) => incident.id))];
  const stillReported = await reports.withLiveReports(tx, incidentIds);
  const personStatus = await feedIncidents.fieldsEditedByPeople(tx, incidentIds);
  const resolving = new Map(
    ending
      .filter(({ incident }) => !stillReported.has(incident.id))
      .filter(({ incident }) => !personStatus.get(incident.id)?.has('status'))
      .map((found) => [found.incident.id, found]),
  );
  for (const { report, incident } of resolving.values()) {
    await feedIncidents.update(tx, incident.id, { status: 'RESOLVED', resolvedAt: now });
    entry(incident.id, 'STATUS', {
      changes: [{ field: 'status', from: incident.status, to: 'RESOLVED' }],
      body:
        report.endsAt !== null && report.endsAt < now
          ? `Ended ${report.endsAt.toISOString()}`
          : `No longer listed by ${source.name}`,
    });
    result.touched.push(incident.id);
    result.resolved += 1;
  }
}
