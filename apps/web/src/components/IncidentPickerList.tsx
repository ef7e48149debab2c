import { cn } from '@/utils/cn';
import type { ReadIncident } from '@/lib/readers';
import { SeverityBadge } from './IncidentBadges';
import { VirtualList } from './VirtualList';

type IncidentPickerListProps = {
  incidents: readonly ReadIncident[];
  selectedId: string | null;
  onSelect: (incidentId: string) => void;
  label: string;
  className?: string;
};

/** Events as selectable rows (title and description); the selected one is highlighted. */
export function IncidentPickerList({
  incidents,
  selectedId,
  onSelect,
  label,
  className,
}: IncidentPickerListProps) {
  return (
    <VirtualList
      items={incidents}
      getKey={(incident) => incident.id}
      estimateSize={84}
      label={label}
      className={cn('p-2', className)}
      gap={4}
      renderItem={(incident) => {
        const selected = incident.id === selectedId;
        return (
          <button
            type="button"
            aria-pressed={selected}
            onClick={() => onSelect(incident.id)}
            className={cn(
              'flex w-full flex-col gap-1 rounded-md border px-3 py-2.5 text-left transition-colors',
              'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              selected
                ? 'border-primary bg-primary/10 dark:bg-primary/15'
                : 'border-transparent hover:bg-surface-hover',
            )}
          >
            <span className="flex items-start justify-between gap-2">
              <span className="min-w-0 text-sm font-medium text-foreground">{incident.title}</span>
              <SeverityBadge severity={incident.severity} className="shrink-0" />
            </span>
            {incident.description ? (
              <span
                className={cn(
                  'line-clamp-2 text-xs',
                  // The selected row's tint would leave muted text below AA contrast.
                  selected ? 'text-foreground' : 'text-muted-foreground',
                )}
              >
                {incident.description}
              </span>
            ) : null}
          </button>
        );
      }}
    />
  );
}
