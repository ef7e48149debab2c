import { SeverityBadge, IncidentStatusText } from '@/components/IncidentBadges';
import { PlanningEventsPanel } from '@/components/PlanningEventsPanel';
import { SectionSpinner, Spinner } from '@/components/ui/Spinner';
import { SIDE_PANEL_WIDTH_PX } from '@/config/constants';
import { paths } from '@/config/paths';
import { selectedIncident, usePlanningIncidents } from '@/entities/incident/planning-incidents';
import { useQueryParams } from '@/lib/use-query-params';
import type { ReadIncident } from '@/lib/readers';
import { ExternalLink } from 'lucide-react';
import { useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCreateReport } from '../api/create-report';
import type { ChartScope } from '../api/get-charts';
import { useGenerateAnalysis } from '../hooks/use-generate-analysis';
import { useInsightsPermissions } from '../hooks/use-insights-permissions';
import { AnalysisPanel } from './AnalysisPanel';
import { AnalysisTab } from './AnalysisTab';
import { ImpactTab } from './ImpactTab';
import { CHART_WINDOWS, InsightsCharts, type ChartWindow } from './InsightsCharts';
import { InsightTabs, isInsightTab, type InsightTab } from './InsightTabs';
import { MemoDialog } from './MemoDialog';
import { NotesTab } from './NotesTab';
import { PromptBar } from './PromptBar';
import { ReasonedButton } from './ReasonedButton';
import { TimelineTab } from './TimelineTab';
import * as WEB_MESSAGES from '@/config/messages';

const DEFAULT_WINDOW: ChartWindow = 90;

const chartWindowOf = (value: string | null): ChartWindow =>
  CHART_WINDOWS.find((days) => String(days) === value) ?? DEFAULT_WINDOW;

/** Where "Create Plan" sends an event: the Plans screen, its create dialog open once. */
const createPlanHref = (incidentId: string) =>
  paths.admin.plans.getHref({ incident: incidentId, create: true });

function EventHeading({ incident }: { incident: ReadIncident }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <div className="min-w-0">
        <h2 className="text-base font-semibold text-foreground">{incident.title}</h2>
        <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs">
          <SeverityBadge severity={incident.severity} />
          <IncidentStatusText status={incident.status} />
        </p>
      </div>
      <Link
        to={paths.admin.event.getHref(incident.id)}
        className="inline-flex items-center gap-1 rounded text-sm text-primary underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        Open event page
        <ExternalLink aria-hidden="true" className="size-3.5" />
      </Link>
    </div>
  );
}

/**
 * Insights (spec part 2's layout): events on the left; for the selected one, memos, a PDF
 * report, a response plan, its timeline, analyses, impact and notes; the organization's trends
 * below; the latest analysis and the reports on the right; a prompt bar that asks the analyst.
 * The event, tab, chart window and scope are in the URL, so a view can be shared or reloaded.
 */
export function InsightsPage() {
  const navigate = useNavigate();
  const { params, setParam, setParams } = useQueryParams();
  const events = usePlanningIncidents();
  const { canCreateReport, canCreatePlan } = useInsightsPermissions();
  const createReport = useCreateReport();
  const [creatingMemo, setCreatingMemo] = useState(false);
  const tabsRef = useRef<HTMLDivElement>(null);

  const incidents = events.status === 'ready' && !events.isSample ? events.incidents : [];
  const incident = selectedIncident(incidents, params.get('incident'));
  const incidentId = incident?.id ?? null;
  // The open tab is state of its own (the keyboard moves it faster than the URL follows), kept
  // in the URL for a reload or a shared link, and following the URL when a link changes it.
  const tabParam = params.get('tab');
  const urlTab: InsightTab = isInsightTab(tabParam) ? tabParam : 'timeline';
  const [tab, setTab] = useState(urlTab);
  const [seenUrlTab, setSeenUrlTab] = useState(urlTab);
  if (urlTab !== seenUrlTab) {
    setSeenUrlTab(urlTab);
    setTab(urlTab);
  }
  const days = chartWindowOf(params.get('days'));
  const scope: ChartScope = params.get('scope') === 'ORG' ? 'ORG' : 'ALL';
  const { generation, generate } = useGenerateAnalysis(incidentId);

  const noEventReason =
    events.status === 'loading'
      ? WEB_MESSAGES.insights.loadingEvents
      : events.isSample
        ? WEB_MESSAGES.insights.sampleEvents
        : incident
          ? null
          : WEB_MESSAGES.insights.chooseEvent;
  const showTab = (next: InsightTab) => {
    setTab(next);
    setParam('tab', next === 'timeline' ? undefined : next);
  };
  const panelFor = (render: (selected: ReadIncident) => ReactNode) =>
    incident ? (
      render(incident)
    ) : events.status === 'loading' ? (
      <SectionSpinner label={WEB_MESSAGES.insights.loadingEvents} />
    ) : (
      <p className="py-6 text-sm text-muted-foreground">
        {events.isSample ? WEB_MESSAGES.insights.sampleEvents : WEB_MESSAGES.insights.noEvent}
      </p>
    );

  return (
    <div className="flex flex-1 flex-col">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border bg-surface px-4 py-2.5 sm:px-6">
        <h1 className="text-lg font-semibold tracking-tight text-foreground">Insights</h1>
        <div className="flex flex-wrap gap-2">
          <ReasonedButton
            size="sm"
            variant="secondary"
            reason={noEventReason}
            onClick={() => setCreatingMemo(true)}
          >
            Create Memo
          </ReasonedButton>
          <ReasonedButton
            size="sm"
            variant="secondary"
            reason={canCreateReport ? noEventReason : WEB_MESSAGES.insights.reportNeedsEditor}
            disabled={createReport.isPending}
            aria-busy={createReport.isPending || undefined}
            onClick={() => {
              if (incidentId) createReport.mutate({ incidentId });
            }}
          >
            {createReport.isPending ? <Spinner className="size-4" /> : null}
            Create Report
          </ReasonedButton>
          <ReasonedButton
            size="sm"
            variant="secondary"
            reason={canCreatePlan ? noEventReason : WEB_MESSAGES.insights.planNeedsEditor}
            onClick={() => {
              if (incidentId) void navigate(createPlanHref(incidentId));
            }}
          >
            Create Plan
          </ReasonedButton>
        </div>
      </div>
      <div className="relative flex-1 lg:min-h-[520px]">
        <div className="flex flex-col lg:absolute lg:inset-0 lg:flex-row">
          <PlanningEventsPanel
            selection={{
              chosenId: incidentId,
              onSelect: (id) => setParams({ incident: id }),
            }}
            className="h-80 border-b border-border lg:h-auto lg:w-72 lg:shrink-0 lg:border-r lg:border-b-0"
          />
          <div className="relative flex min-w-0 flex-1 flex-col lg:overflow-y-auto xl:flex-row xl:overflow-hidden">
            <section
              aria-label="Insight"
              className="relative flex min-h-[28rem] min-w-0 flex-1 flex-col lg:flex-none xl:flex-1 xl:overflow-y-auto"
            >
              <div className="flex flex-1 flex-col gap-8 p-4 sm:p-6">
                <div ref={tabsRef} className="flex scroll-mt-4 flex-col gap-4">
                  {incident ? <EventHeading incident={incident} /> : null}
                  <InsightTabs
                    value={tab}
                    onValueChange={showTab}
                    panels={{
                      timeline: panelFor((selected) => <TimelineTab incidentId={selected.id} />),
                      analysis: panelFor((selected) => (
                        <AnalysisTab incidentId={selected.id} generation={generation} />
                      )),
                      impact: panelFor((selected) => <ImpactTab incident={selected} />),
                      notes: panelFor((selected) => <NotesTab incidentId={selected.id} />),
                    }}
                  />
                </div>
                <InsightsCharts
                  days={days}
                  scope={scope}
                  onDaysChange={(next) =>
                    setParam('days', next === DEFAULT_WINDOW ? undefined : String(next))
                  }
                  onScopeChange={(next) => setParam('scope', next === 'ALL' ? undefined : next)}
                />
              </div>
              <PromptBar
                generating={generation.status === 'streaming'}
                disabledReason={noEventReason}
                onGenerate={(question) => {
                  showTab('analysis');
                  tabsRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
                  void generate(question);
                }}
                className="sticky bottom-0 z-10 border-t border-border bg-surface/95 px-4 py-3 backdrop-blur sm:px-6"
              />
            </section>
            <AnalysisPanel
              incidentId={incidentId}
              generation={generation}
              onOpenAnalysis={() => {
                showTab('analysis');
                tabsRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
              }}
              emptyText={noEventReason ?? WEB_MESSAGES.insights.noEvent}
              style={{ '--panel-width': `${SIDE_PANEL_WIDTH_PX.analysis}px` } as CSSProperties}
              className="shrink-0 border-t border-border xl:w-(--panel-width) xl:border-t-0 xl:border-l"
            />
          </div>
        </div>
      </div>
      {creatingMemo && incidentId ? (
        <MemoDialog
          incidentId={incidentId}
          onClose={() => setCreatingMemo(false)}
          onSaved={() => {
            setCreatingMemo(false);
            showTab('notes');
          }}
        />
      ) : null}
    </div>
  );
}
