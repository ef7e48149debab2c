import { PlanningEventsPanel } from '@/components/PlanningEventsPanel';
import { Button } from '@/components/ui/Button';
import { SegmentedControl } from '@/components/ui/SegmentedControl';
import { SectionSpinner } from '@/components/ui/Spinner';
import { SIDE_PANEL_WIDTH_PX } from '@/config/constants';
import { selectedIncident, usePlanningIncidents } from '@/entities/incident/planning-incidents';
import { toast } from '@/lib/toast';
import { useQueryParams } from '@/lib/use-query-params';
import { ClipboardList, LayoutTemplate } from 'lucide-react';
import { useEffect, useState, type CSSProperties } from 'react';
import { usePlanPermissions } from '../hooks/use-plan-permissions';
import { CreatePlanDialog } from './CreatePlanDialog';
import { EventPlans } from './EventPlans';
import { MyActions } from './MyActions';
import { TemplatesDialog } from './TemplatesDialog';
import * as WEB_MESSAGES from '@/config/messages';

type View = 'event' | 'mine';
const VIEW_OPTIONS = [
  { value: 'event', label: 'Event plans' },
  { value: 'mine', label: 'My actions' },
] as const satisfies readonly { value: View; label: string }[];

/**
 * Events on the left (spec part 2), the selected event's response plans on the right, or the
 * actions assigned to the user across plans. The view, event and plan are in the URL
 * (`?view=mine`, `?incident=`, `?plan=`), so a notification can link to them.
 */
export function PlansPage() {
  const { canEdit } = usePlanPermissions();
  const { params, setParam, setParams } = useQueryParams();
  const events = usePlanningIncidents();
  const [dialog, setDialog] = useState<'create' | 'templates' | null>(null);
  const view: View = params.get('view') === 'mine' ? 'mine' : 'event';
  const incidents = events.status === 'ready' && !events.isSample ? events.incidents : [];
  const incident = selectedIncident(incidents, params.get('incident'));
  const highlightedPlanId = params.get('plan');
  // "Create Plan" on Insights links here with `create=1`: the dialog opens once, then the
  // parameter goes, so a reload or Back does not open it again.
  const createRequested = params.get('create') === '1';
  const [createHandled, setCreateHandled] = useState(false);
  if (createRequested && !createHandled && events.status === 'ready') {
    setCreateHandled(true);
    if (canEdit && incidents.length > 0) setDialog('create');
  }
  useEffect(() => {
    if (createRequested && createHandled) setParam('create', undefined);
  }, [createRequested, createHandled, setParam]);

  const openEvent = (incidentId: string, planId?: string) =>
    setParams({ view: undefined, incident: incidentId, plan: planId });

  return (
    <div className="flex flex-1 flex-col">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border bg-surface px-4 py-2.5 sm:px-6">
        <h1 className="text-lg font-semibold tracking-tight text-foreground">Plans</h1>
        <div className="flex flex-wrap items-center gap-2">
          <SegmentedControl
            label="Plans view"
            value={view}
            onValueChange={(next) => setParam('view', next === 'mine' ? next : undefined)}
            options={VIEW_OPTIONS}
          />
          {canEdit ? (
            <Button size="sm" variant="secondary" onClick={() => setDialog('templates')}>
              <LayoutTemplate aria-hidden="true" className="size-4" />
              Templates
            </Button>
          ) : null}
          {canEdit ? (
            <Button
              size="sm"
              disabled={events.status !== 'ready'}
              onClick={() =>
                incidents.length > 0
                  ? setDialog('create')
                  : toast.error(WEB_MESSAGES.plan.sampleEvents)
              }
            >
              + Create Plan
            </Button>
          ) : (
            // Kept in view as the spec lays it out; aria-disabled keeps its reason reachable.
            <Button
              size="sm"
              aria-disabled="true"
              title={WEB_MESSAGES.plan.createNeedsEditor}
              className="cursor-not-allowed opacity-60 hover:bg-primary"
              onClick={() => toast(WEB_MESSAGES.plan.createNeedsEditor)}
            >
              + Create Plan
            </Button>
          )}
        </div>
      </div>
      <div className="relative flex-1 lg:min-h-[480px]">
        <div className="flex flex-col lg:absolute lg:inset-0 lg:flex-row">
          <PlanningEventsPanel
            selection={{ chosenId: incident?.id ?? null, onSelect: (id) => openEvent(id) }}
            style={{ '--panel-width': `${SIDE_PANEL_WIDTH_PX.feed}px` } as CSSProperties}
            className="h-96 border-b border-border lg:h-auto lg:w-(--panel-width) lg:border-r lg:border-b-0"
          />
          <section
            aria-label={view === 'mine' ? 'My actions' : 'Plan'}
            className="relative flex min-h-64 min-w-0 flex-1 flex-col gap-4 overflow-y-auto p-4 sm:p-6"
          >
            {view === 'mine' ? (
              <MyActions onOpenPlan={(plan) => openEvent(plan.incidentId, plan.id)} />
            ) : events.status === 'loading' ? (
              <SectionSpinner label="Loading plans..." />
            ) : incident ? (
              <EventPlans incident={incident} highlightedPlanId={highlightedPlanId} />
            ) : (
              <div className="flex flex-1 flex-col items-center justify-center gap-2 text-center">
                <ClipboardList aria-hidden="true" className="size-8 text-muted-foreground/60" />
                <p className="text-sm text-muted-foreground">
                  {events.status === 'ready' && events.isSample
                    ? WEB_MESSAGES.plan.sampleEvents
                    : 'No plans yet.'}
                </p>
              </div>
            )}
          </section>
        </div>
      </div>
      {dialog === 'create' ? (
        <CreatePlanDialog
          incidents={incidents}
          defaultIncidentId={incident?.id ?? null}
          onClose={() => setDialog(null)}
          onCreated={(plan) => {
            setDialog(null);
            openEvent(plan.incidentId, plan.id);
          }}
        />
      ) : null}
      {dialog === 'templates' ? <TemplatesDialog onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
