import type { TimelineEntry } from '@meridian/contracts';

const KIND_VERB: Record<TimelineEntry['kind'], string> = {
  CREATED: 'recorded the event',
  UPDATED: 'changed',
  STATUS: 'changed the status',
  COMMENT: 'commented',
  PLAN: 'updated a response plan',
};

const FIELD_NAMES: Record<string, string> = {
  startsAt: 'start',
  endsAt: 'end',
  affectedRadiusKm: 'affected radius',
  area: 'affected area',
  assigneeId: 'assignee',
  sourceUrl: 'source link',
};

/** Who made an entry: the person, else the feed that wrote it. */
export const entryAuthor = (entry: TimelineEntry): string => {
  if (entry.actor) {
    return `${entry.actor.firstName} ${entry.actor.lastName}`.trim() || entry.actor.email;
  }
  return entry.via ?? 'Someone';
};

/** "changed severity and status", "commented": what an entry did, in a few words. */
export function entrySummary(entry: TimelineEntry): string {
  if (entry.kind !== 'UPDATED') return KIND_VERB[entry.kind];
  const fields = entry.changes.map((change) => FIELD_NAMES[change.field] ?? change.field);
  if (fields.length === 0) return 'updated the event';
  const list =
    fields.length === 1
      ? fields[0]
      : `${fields.slice(0, -1).join(', ')} and ${fields.at(-1) ?? ''}`;
  return `${KIND_VERB.UPDATED} ${list}`;
}

/** The entries newest first: the tab opens on what happened last. */
export const newestEntriesFirst = (entries: readonly TimelineEntry[]): TimelineEntry[] =>
  entries.toSorted((a, b) => Date.parse(b.at) - Date.parse(a.at));
