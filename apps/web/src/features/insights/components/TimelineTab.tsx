import { Alert } from '@/components/ui/Alert';
import { SectionSpinner } from '@/components/ui/Spinner';
import { formatStatus } from '@/lib/incident-display';
import { useTimeline } from '@/lib/incident-timeline';
import { formatDateTime } from '@/utils/format';
import type { TimelineEntry } from '@meridian/contracts';
import { INCIDENT_STATUSES } from '@meridian/contracts/constants';
import {
  Activity,
  ClipboardList,
  MessageSquare,
  PencilLine,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import { INSIGHTS_MESSAGES_WEB } from '../insights-messages';
import { entryAuthor, entrySummary, newestEntriesFirst } from '../utils/timeline-display';
import { MarkdownText } from './MarkdownText';

const KIND_ICON: Record<TimelineEntry['kind'], LucideIcon> = {
  CREATED: Sparkles,
  UPDATED: PencilLine,
  STATUS: Activity,
  COMMENT: MessageSquare,
  PLAN: ClipboardList,
};

const isStatus = (value: unknown): value is (typeof INCIDENT_STATUSES)[number] =>
  INCIDENT_STATUSES.some((status) => status === value);

function StatusChange({ entry }: { entry: TimelineEntry }) {
  const change = entry.changes.find((candidate) => candidate.field === 'status');
  if (!change || !isStatus(change.from) || !isStatus(change.to)) return null;
  return (
    <span className="text-muted-foreground">
      {' '}
      {formatStatus(change.from)} →{' '}
      <span className="text-foreground">{formatStatus(change.to)}</span>
    </span>
  );
}

/** The selected event's history, newest first (the Events page shows it in full). */
export function TimelineTab({ incidentId }: { incidentId: string }) {
  const timeline = useTimeline(incidentId);
  if (timeline.isPending) return <SectionSpinner label="Loading timeline..." />;
  if (timeline.isError) return <Alert tone="error">{timeline.error.message}</Alert>;
  const entries = newestEntriesFirst(timeline.data);
  if (entries.length === 0) {
    return <p className="py-6 text-sm text-muted-foreground">{INSIGHTS_MESSAGES_WEB.noTimeline}</p>;
  }
  return (
    <ol
      aria-label="Timeline"
      className="relative flex flex-col before:absolute before:top-2 before:bottom-2 before:left-3.5 before:w-px before:bg-border"
    >
      {entries.map((entry) => {
        const Icon = KIND_ICON[entry.kind];
        return (
          <li key={entry.id} className="relative flex gap-3 pb-4 last:pb-0">
            <span className="relative z-10 flex size-7 shrink-0 items-center justify-center rounded-full border border-border bg-surface">
              <Icon aria-hidden="true" className="size-3.5 text-muted-foreground" />
            </span>
            <div className="min-w-0 flex-1 pt-0.5">
              <p className="text-sm text-foreground">
                <span className="font-medium">{entryAuthor(entry)}</span> {entrySummary(entry)}
                {entry.kind === 'STATUS' ? <StatusChange entry={entry} /> : null}
              </p>
              <time dateTime={entry.at} className="text-xs text-muted-foreground">
                {formatDateTime(entry.at)}
              </time>
              {entry.body ? (
                <div className="mt-1.5 rounded-md border border-border bg-surface-muted/60 px-3 py-2">
                  {entry.kind === 'COMMENT' ? (
                    <MarkdownText text={entry.body} />
                  ) : (
                    <p className="text-sm text-foreground">{entry.body}</p>
                  )}
                </div>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
