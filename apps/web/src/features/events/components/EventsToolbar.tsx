import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { PRIORITY_TONE, SEVERITY_TONE, formatStatus } from '@/entities/incident/incident-display';
import { EVENT_SORTS } from '@/entities/incident/incident-pages';
import { cn } from '@/utils/cn';
import type { IncidentStatus, Severity } from '@meridian/contracts';
import {
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  INCIDENT_TYPE_LABELS,
  NOT_EXPOSED,
  PRIORITY_FILTERS,
  SEVERITIES,
} from '@meridian/contracts/constants';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { EventFilters } from '../hooks/use-event-filters';

const SEARCH_DELAY_MS = 300;
const ALL = 'ALL';
const TYPE_OPTIONS = [
  { value: ALL, label: 'All types' },
  ...INCIDENT_TYPES.map((value) => ({ value, label: INCIDENT_TYPE_LABELS[value] })),
];
const SORT_OPTIONS = [
  { value: 'updatedAt', label: 'Newest first' },
  { value: 'severity', label: 'Most severe first' },
  { value: 'priority', label: 'Highest priority first' },
];
const CHIP_TONE: Record<string, string> = {
  red: 'data-[on=true]:border-red-500 data-[on=true]:bg-red-500/15',
  orange: 'data-[on=true]:border-orange-500 data-[on=true]:bg-orange-500/15',
  yellow: 'data-[on=true]:border-yellow-500 data-[on=true]:bg-yellow-500/15',
  green: 'data-[on=true]:border-emerald-500 data-[on=true]:bg-emerald-500/15',
  blue: 'data-[on=true]:border-blue-500 data-[on=true]:bg-blue-500/15',
  neutral: 'data-[on=true]:border-primary data-[on=true]:bg-primary/15',
};

const toggled = <T,>(list: readonly T[], value: T): T[] =>
  list.includes(value) ? list.filter((item) => item !== value) : [...list, value];

function Chip({
  on,
  tone,
  onClick,
  children,
}: {
  on: boolean;
  tone: string;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={on}
      data-on={on}
      onClick={onClick}
      className={cn(
        'h-8 rounded-full border border-border px-3 text-xs font-medium text-foreground transition-colors hover:bg-surface-hover',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        CHIP_TONE[tone],
      )}
    >
      {children}
    </button>
  );
}

/** Search, severity, priority and status chips, type and sort: each change is in the URL at once. */
export function EventsToolbar({
  filters,
  onChange,
}: {
  filters: EventFilters;
  onChange: (change: Partial<EventFilters>) => void;
}) {
  const [text, setText] = useState(filters.q);
  // The URL's search can change from outside (back button): the box follows it.
  const [shownQ, setShownQ] = useState(filters.q);
  if (shownQ !== filters.q) {
    setShownQ(filters.q);
    setText(filters.q);
  }
  useEffect(() => {
    if (text === filters.q) return;
    const timer = setTimeout(() => onChange({ q: text }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, filters.q, onChange]);

  return (
    <div className="flex flex-col gap-3" role="search" aria-label="Filter events">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-56 flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search events"
            placeholder="Search title or description"
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="pl-9"
          />
        </div>
        <Select
          label="Type"
          value={filters.type ?? ALL}
          onValueChange={(value) =>
            onChange({ type: value === ALL ? null : (value as EventFilters['type']) })
          }
          options={TYPE_OPTIONS}
          className="h-10 w-44"
        />
        <Select
          label="Sort"
          value={filters.sort}
          onValueChange={(value) =>
            onChange({ sort: EVENT_SORTS.find((sort) => sort === value) ?? 'updatedAt' })
          }
          options={SORT_OPTIONS}
          className="h-10 w-44"
        />
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="mr-1 text-xs text-muted-foreground" id="severity-filter">
          Severity
        </span>
        <div role="group" aria-labelledby="severity-filter" className="flex flex-wrap gap-1.5">
          {SEVERITIES.map((severity: Severity) => (
            <Chip
              key={severity}
              on={filters.severity.includes(severity)}
              tone={SEVERITY_TONE[severity]}
              onClick={() => onChange({ severity: toggled(filters.severity, severity) })}
            >
              {severity}
            </Chip>
          ))}
        </div>
        <Chip
          on={filters.exposed}
          tone="red"
          onClick={() => onChange({ exposed: !filters.exposed })}
        >
          Exposed only
        </Chip>
        <span className="mr-1 ml-3 text-xs text-muted-foreground" id="priority-filter">
          Priority
        </span>
        <div role="group" aria-labelledby="priority-filter" className="flex flex-wrap gap-1.5">
          {PRIORITY_FILTERS.map((priority) => (
            <Chip
              key={priority}
              on={filters.priority.includes(priority)}
              tone={priority === 'NONE' ? 'neutral' : PRIORITY_TONE[priority]}
              onClick={() => onChange({ priority: toggled(filters.priority, priority) })}
            >
              {priority === 'NONE' ? NOT_EXPOSED : priority}
            </Chip>
          ))}
        </div>
        <span className="mr-1 ml-3 text-xs text-muted-foreground" id="status-filter">
          Status
        </span>
        <div role="group" aria-labelledby="status-filter" className="flex flex-wrap gap-1.5">
          {INCIDENT_STATUSES.map((status: IncidentStatus) => (
            <Chip
              key={status}
              on={filters.status.includes(status)}
              tone="neutral"
              onClick={() => onChange({ status: toggled(filters.status, status) })}
            >
              {formatStatus(status)}
            </Chip>
          ))}
        </div>
      </div>
    </div>
  );
}
