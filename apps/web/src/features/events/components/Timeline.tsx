import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { SectionSpinner, Spinner } from '@/components/ui/Spinner';
import { formatStatus } from '@/lib/incident-display';
import { fullName } from '@/utils/format';
import type { TimelineEntry } from '@meridian/contracts';
import { INCIDENT_LIMITS, INCIDENT_TYPE_LABELS } from '@meridian/contracts/constants';
import {
  Activity,
  ClipboardList,
  MessageSquare,
  PencilLine,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import Markdown from 'react-markdown';
import { useAddComment } from '../api/add-comment';
import { useTimeline } from '@/lib/incident-timeline';

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
};

type TimelineKind = TimelineEntry['kind'];

const KIND_ICON: Record<TimelineKind, LucideIcon> = {
  CREATED: Sparkles,
  UPDATED: PencilLine,
  STATUS: Activity,
  COMMENT: MessageSquare,
  PLAN: ClipboardList,
};

const KIND_WORDING: Record<TimelineKind, string> = {
  CREATED: 'created the incident',
  UPDATED: 'updated the incident',
  STATUS: 'changed the status',
  COMMENT: 'commented',
  PLAN: 'updated a response plan',
};

/** A value as a person reads it in a change line. */
function readable(field: string, value: unknown, people: ReadonlyMap<string, string>): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (field === 'status' && typeof value === 'string') return formatStatus(value as 'OPEN');
  if (field === 'type' && typeof value === 'string')
    return INCIDENT_TYPE_LABELS[value as keyof typeof INCIDENT_TYPE_LABELS] ?? value;
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

/** Markdown with no raw HTML (react-markdown escapes it) and links that open safely. */
function CommentBody({ text }: { text: string }) {
  return (
    <div className="prose-comment text-sm text-foreground [&_a]:text-primary [&_a]:underline [&_code]:rounded [&_code]:bg-surface-muted [&_code]:px-1 [&_li]:ml-4 [&_ol]:list-decimal [&_p]:my-1 [&_ul]:list-disc">
      <Markdown
        components={{
          a: ({ href, children }) => (
            <a href={href} target="_blank" rel="noreferrer noopener">
              {children}
            </a>
          ),
          img: ({ alt }) => <span>{alt}</span>,
        }}
      >
        {text}
      </Markdown>
    </div>
  );
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
            ) : entry.kind === 'PLAN' ? (
              // Written by the server ("Plan “Port disruption” created"): plain text, not Markdown.
              <p className="text-sm text-foreground">{entry.body}</p>
            ) : (
              <CommentBody text={entry.body} />
            )}
          </div>
        ) : null}
      </div>
    </li>
  );
}

function CommentForm({ incidentId }: { incidentId: string }) {
  const [body, setBody] = useState('');
  const add = useAddComment(incidentId);
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!body.trim()) return;
        add.mutate(body.trim(), { onSuccess: () => setBody('') });
      }}
    >
      <label htmlFor="comment" className="text-sm font-medium text-foreground">
        Add a comment
      </label>
      <textarea
        id="comment"
        rows={3}
        maxLength={INCIDENT_LIMITS.comment}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        placeholder="What do you know? Markdown works: **bold**, lists, links."
        className="rounded-md border border-input bg-surface px-3 py-2 text-sm text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      />
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={add.isPending || !body.trim()}>
          {add.isPending ? <Spinner className="size-4" /> : null}
          Comment
        </Button>
      </div>
    </form>
  );
}

/** Everything that happened to the incident, oldest first, and a box to add to it. */
export function Timeline({
  incidentId,
  people,
}: {
  incidentId: string;
  people: ReadonlyMap<string, string>;
}) {
  const timeline = useTimeline(incidentId);
  return (
    <Card aria-labelledby="timeline-title" className="flex flex-col gap-4 p-4">
      <h2 id="timeline-title" className="text-base font-semibold text-foreground">
        Timeline
      </h2>
      {timeline.isPending ? <SectionSpinner label="Loading timeline..." /> : null}
      {timeline.isError ? <Alert tone="error">{timeline.error.message}</Alert> : null}
      {timeline.data ? (
        <ol
          aria-label="Timeline"
          className="relative before:absolute before:top-2 before:bottom-2 before:left-3.5 before:w-px before:bg-border"
        >
          {timeline.data.map((entry) => (
            <Entry key={entry.id} entry={entry} people={people} />
          ))}
        </ol>
      ) : null}
      <CommentForm incidentId={incidentId} />
    </Card>
  );
}
