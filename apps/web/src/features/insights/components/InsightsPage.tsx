import { PlanningEventsPanel } from '@/components/PlanningEventsPanel';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { SIDE_PANEL_WIDTH_PX } from '@/config/constants';
import { COMING_SOON } from '@/config/messages';
import { cn } from '@/utils/cn';
import { FileText, Sparkles } from 'lucide-react';
import type { CSSProperties } from 'react';
import { toast } from '@/lib/toast';

const CREATE_ACTIONS = ['Create Memo', 'Create Report', 'Create XXXXX'] as const;
const TABS = ['Timeline', 'Analysis', 'Impact', 'Notes'] as const;
const CHART_BARS = [38, 52, 45, 70, 62, 84, 58, 76, 66, 90, 72, 60];

const comingSoon = () => toast(COMING_SOON);

/** Tabs of the layout that do not switch anything yet (spec part 2): shown, not operable. */
function InertTabs() {
  return (
    <div role="tablist" aria-label="Insight views" className="flex gap-1 border-b border-border">
      {TABS.map((tab, index) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={index === 0}
          aria-disabled={index !== 0}
          className={cn(
            '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
            'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            index === 0
              ? 'border-primary text-foreground'
              : 'cursor-default border-transparent text-muted-foreground',
          )}
        >
          {tab}
        </button>
      ))}
    </div>
  );
}

function ChartPlaceholder() {
  const width = 600;
  const height = 220;
  const step = width / CHART_BARS.length;
  return (
    <figure className="flex flex-1 flex-col gap-2 rounded-lg border border-dashed border-border bg-surface p-4">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label="Chart placeholder"
        preserveAspectRatio="none"
        className="h-48 w-full flex-1 text-primary/30"
      >
        {CHART_BARS.map((value, index) => (
          <rect
            key={index}
            x={index * step + step * 0.2}
            y={height - (value / 100) * height}
            width={step * 0.6}
            height={(value / 100) * height}
            rx={3}
            fill="currentColor"
          />
        ))}
      </svg>
      <figcaption className="text-center text-xs text-muted-foreground">
        Chart placeholder: event trends will be drawn here.
      </figcaption>
    </figure>
  );
}

function AnalysisPanel({ className, style }: { className?: string; style?: CSSProperties }) {
  return (
    <aside
      aria-labelledby="analysis-title"
      style={style}
      className={cn('flex flex-col gap-3 overflow-y-auto bg-surface p-4', className)}
    >
      <h2 id="analysis-title" className="flex items-center gap-2 text-sm font-semibold">
        <FileText aria-hidden="true" className="size-4 text-muted-foreground" />
        Analysis
      </h2>
      <p className="text-sm text-muted-foreground">
        Analysis of the selected event will appear here: what happened, which lanes and suppliers
        are exposed, and how long the disruption is likely to last.
      </p>
      <p className="text-sm text-muted-foreground">
        Key drivers, comparable past events and recommended mitigations will be summarised in a few
        short paragraphs, with links to the sources used.
      </p>
      <p className="text-sm text-muted-foreground">
        Memos and reports created from this analysis will be listed below it.
      </p>
    </aside>
  );
}

/** The Insights layout of spec part 2; its buttons, tabs and prompt have no behaviour yet. */
export function InsightsPage() {
  return (
    <div className="flex flex-1 flex-col">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border bg-surface px-4 py-2.5 sm:px-6">
        <h1 className="text-lg font-semibold tracking-tight text-foreground">Insights</h1>
        <div className="flex flex-wrap gap-2">
          {CREATE_ACTIONS.map((action) => (
            <Button key={action} size="sm" variant="secondary" onClick={comingSoon}>
              {action}
            </Button>
          ))}
        </div>
      </div>
      <div className="relative flex-1 lg:min-h-[520px]">
        <div className="flex flex-col lg:absolute lg:inset-0 lg:flex-row">
          <PlanningEventsPanel className="h-80 border-b border-border lg:h-auto lg:w-72 lg:border-r lg:border-b-0" />
          <section
            aria-label="Insight"
            className="flex min-h-[28rem] min-w-0 flex-1 flex-col gap-4 p-4 sm:p-6"
          >
            <InertTabs />
            <ChartPlaceholder />
            <form
              aria-label="Ask for insights"
              onSubmit={(event) => {
                event.preventDefault();
                comingSoon();
              }}
              className="flex gap-2"
            >
              <Input
                aria-label="Ask for analysis or insights"
                placeholder="Ask for analysis or insights..."
              />
              <Button type="submit">
                <Sparkles aria-hidden="true" className="size-4" />
                Generate
              </Button>
            </form>
          </section>
          <AnalysisPanel
            style={{ '--panel-width': `${SIDE_PANEL_WIDTH_PX.analysis}px` } as CSSProperties}
            className="border-t border-border lg:w-(--panel-width) lg:border-t-0 lg:border-l"
          />
        </div>
      </div>
    </div>
  );
}
