import { selectedIncident, usePlanningIncidents } from '@/entities/incident/planning-incidents';
import { cn } from '@/utils/cn';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { IncidentPickerList } from './IncidentPickerList';
import { Spinner } from './ui/Spinner';
import * as WEB_MESSAGES from '@/config/messages';

/**
 * The "Events" list on the left of Plans and Insights: the organization's incidents newest
 * first (or the four samples when they cannot be loaded), one selected and highlighted.
 */
export function PlanningEventsPanel({
  actions,
  selection,
  className,
  style,
}: {
  actions?: ReactNode;
  /** The chosen event, kept by the screen (e.g. in the URL); the panel keeps its own otherwise. */
  selection?: { chosenId: string | null; onSelect: (incidentId: string) => void };
  className?: string;
  style?: CSSProperties;
}) {
  const events = usePlanningIncidents();
  const [ownChosenId, setOwnChosenId] = useState<string | null>(null);
  const chosenId = selection ? selection.chosenId : ownChosenId;
  const incidents = events.status === 'ready' ? events.incidents : [];
  const selectedId = selectedIncident(incidents, chosenId)?.id ?? null;

  return (
    <section
      aria-labelledby="planning-events-title"
      style={style}
      className={cn('flex min-h-0 flex-col bg-surface', className)}
    >
      <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2 id="planning-events-title" className="text-sm font-semibold text-foreground">
          Events
        </h2>
        {actions}
      </div>
      {events.status === 'loading' ? (
        <div
          role="status"
          className="flex items-center gap-2 px-4 py-6 text-sm text-muted-foreground"
        >
          <Spinner className="size-4 text-primary" />
          Loading events...
        </div>
      ) : incidents.length === 0 ? (
        <p className="px-4 py-6 text-sm text-muted-foreground">{WEB_MESSAGES.events.empty}</p>
      ) : (
        <>
          {events.isSample ? (
            <p className="px-4 pt-3 text-xs text-muted-foreground">
              Sample events: your organization&apos;s events could not be loaded.
            </p>
          ) : null}
          <IncidentPickerList
            incidents={incidents}
            selectedId={selectedId}
            onSelect={selection?.onSelect ?? setOwnChosenId}
            label="Events"
            className="flex-1"
          />
        </>
      )}
    </section>
  );
}
