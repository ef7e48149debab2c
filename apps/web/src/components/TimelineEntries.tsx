import { MarkdownText } from '@/components/MarkdownText';
import { formatStatus } from '@/entities/incident/incident-display';
import { fullName } from '@/utils/format';
import type { TimelineEntry } from '@meridian/contracts';
import { INCIDENT_TYPE_LABELS } from '@meridian/contracts/constants';
import {
  Activity,
  ClipboardCheck,
  ClipboardList,
  MessageSquare,
  PencilLine,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';

const FIELD_LABELS: Record<string, string> = {
  title: 'title',
  description: 'description',
  severity: 'severity',
  type: 'type',
  status: 'status',
  location: 'location',
  startsAt: 'start',
  endsAt: 'end',
  affectedRadiusKm: 'affected radius',
  area: 'affected area',
  assigneeId: 'assignee',
  sourceUrl: 'source link',
  verified: 'confirmation',
};

type TimelineKind = TimelineEntry['kind'];

const KIND_ICON: Record<TimelineKind, LucideIcon> = {
  CREATED: Sparkles,
  UPDATED: PencilLine,
  STATUS: Activity,
  COMMENT: MessageSquare,
  PLAN: ClipboardList,
  ASSESSMENT: ClipboardCheck,
};

const KIND_WORDING: Record<TimelineKind, string> = {
  CREATED: 'created the incident',
  UPDATED: 'updated the incident',
  STATUS: 'changed the status',
  COMMENT: 'commented',
  PLAN: 'updated a response plan',
  ASSESSMENT: 'assessed exposed sites',
};

/** A value as a person reads it in a change line. */
function readable(field: string, value: unknown, people: ReadonlyMap<string, string>): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (field === 'status' && typeof value === 'string') return formatStatus(value as 'OPEN');
  if (field === 'type' && typeof value === 'string')
    return INCIDENT_TYPE_LABELS[value as keyof typeof INCIDENT_TYPE_LABELS] ?? value;
  if (field === 'verified' && typeof value === 'boolean') return value ? 'confirmed' : 'unverified';
  if (field === 'assigneeId' && typeof value === 'string')
    return people.get(value) ?? 'a former member';
  if ((field === 'startsAt' || field === 'endsAt') && typeof value === 'string')
    return new Date(value).toUTCString();
  if (field === 'location' && typeof value === 'object') {
    const { lat, lng } = value as { lat: number; lng: number };
    return `${lat.toFixed(2)}, ${lng.toFixed(2)}`;
  }
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value);
  if (field === 'affectedRadiusKm') return `${text} km`;
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

function Entry({ entry, people }: { entry: TimelineEntry; people: ReadonlyMap<string, string> }) {
  const Icon = KIND_ICON[entry.kind];
  const who = entry.actor ? fullName(entry.actor) || entry.actor.email : (entry.via ?? 'Someone');
  const what = KIND_WORDING[entry.kind];
  const changes = entry.kind === 'CREATED' ? [] : entry.changes;
  return (
    <li className="relative flex gap-3 pb-5 last:pb-0">
      <span className="relative z-10 flex size-7 shrink-0 items-center justify-center rounded-full border border-border bg-surface">
        <Icon aria-hidden="true" className="size-3.5 text-muted-foreground" />
      </span>
      <div className="min-w-0 flex-1 pt-0.5">
        <p className="text-sm text-foreground">
          <span className="font-medium">{who}</span> {what}
          <time dateTime={entry.at} className="ml-2 text-xs text-muted-foreground">
            {new Date(entry.at).toUTCString()}
          </time>
        </p>
        {changes.length > 0 ? (
          <ul className="mt-1 flex flex-col gap-0.5 text-sm text-muted-foreground">
            {changes.map((change) => (
              <li key={change.field}>
                {FIELD_LABELS[change.field] ?? change.field}:{' '}
                <span className="line-through decoration-muted-foreground/60">
                  {readable(change.field, change.from, people)}
                </span>{' '}
                →{' '}
                <span className="text-foreground">{readable(change.field, change.to, people)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {entry.body ? (
          <div className="mt-1.5 rounded-md border border-border bg-surface-muted/60 px-3 py-2">
            {entry.kind === 'STATUS' ? (
              <p className="text-sm text-foreground">
                {entry.via ? entry.body : `Reason: ${entry.body}`}
              </p>
            ) : entry.kind === 'PLAN' || entry.kind === 'ASSESSMENT' ? (
              // Written by the server ("Plan “Port disruption” created") or an assessment's
              // notes: plain text, not Markdown.
              <p className="text-sm text-foreground">{entry.body}</p>
            ) : (
              <MarkdownText text={entry.body} />
            )}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/**
 * An incident's timeline, one wording wherever it is shown (the event page, oldest first; the
 * Insights tab, newest first): who did what and when, each change from → to, a comment in
 * Markdown, the reason given for a status change. `people` names assignees by id; an id not
 * in it is a former member.
 */
export function TimelineEntries({
  entries,
  people,
  newestFirst = false,
}: {
  entries: readonly TimelineEntry[];
  people: ReadonlyMap<string, string>;
  newestFirst?: boolean;
}) {
  const ordered = newestFirst
    ? entries.toSorted((a, b) => Date.parse(b.at) - Date.parse(a.at))
    : entries;
  return (
    <ol
      aria-label="Timeline"
      className="relative before:absolute before:top-2 before:bottom-2 before:left-3.5 before:w-px before:bg-border"
    >
      {ordered.map((entry) => (
        <Entry key={entry.id} entry={entry} people={people} />
      ))}
    </ol>
  );
}
