import { PlanningEventsPanel } from '@/components/PlanningEventsPanel';
import { Button } from '@/components/ui/Button';
import { COMING_SOON } from '@/config/messages';
import { SIDE_PANEL_WIDTH_PX } from '@/config/constants';
import { ClipboardList } from 'lucide-react';
import type { CSSProperties } from 'react';
import { toast } from '@/lib/toast';

/** Events on the left, the plan area on the right (empty until plans exist; spec part 2). */
export function PlansPage() {
  return (
    <div className="flex flex-1 flex-col">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border bg-surface px-4 py-2.5 sm:px-6">
        <h1 className="text-lg font-semibold tracking-tight text-foreground">Plans</h1>
        <Button size="sm" onClick={() => toast(COMING_SOON)}>
          + Create Plan
        </Button>
      </div>
      <div className="relative flex-1 lg:min-h-[480px]">
        <div className="flex flex-col lg:absolute lg:inset-0 lg:flex-row">
          <PlanningEventsPanel
            style={{ '--panel-width': `${SIDE_PANEL_WIDTH_PX.feed}px` } as CSSProperties}
            className="h-96 border-b border-border lg:h-auto lg:w-(--panel-width) lg:border-r lg:border-b-0"
          />
          <section
            aria-label="Plan"
            className="flex min-h-64 flex-1 flex-col items-center justify-center gap-2 p-6 text-center"
          >
            <ClipboardList aria-hidden="true" className="size-8 text-muted-foreground/60" />
            <p className="text-sm text-muted-foreground">No plans yet.</p>
          </section>
        </div>
      </div>
    </div>
  );
}
