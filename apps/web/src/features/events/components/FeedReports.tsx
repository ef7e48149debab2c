import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { usePlatformAdmin } from '@/lib/use-platform-admin';
import type { FeedReport } from '@meridian/contracts';
import { useState } from 'react';
import { useFeedReports, useSplitFeedReport } from '../api/feed-reports';

/**
 * The feeds that reported the incident: one event reported by several feeds is one incident.
 * A platform admin splits a report that joined it wrongly into an incident of its own.
 */
export function FeedReports({ incidentId }: { incidentId: string }) {
  const reports = useFeedReports(incidentId, true);
  const canSplit = usePlatformAdmin();
  const split = useSplitFeedReport(incidentId);
  const [splitting, setSplitting] = useState<FeedReport | null>(null);
  const list = reports.data ?? [];
  if (list.length === 0) return null;
  return (
    <div>
      <h2 id="reported-by" className="text-xs font-medium text-muted-foreground">
        Reported by
      </h2>
      <ul aria-labelledby="reported-by" className="mt-1 flex flex-col gap-1.5 text-sm">
        {list.map((report) => (
          <li key={report.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {report.sourceUrl ? (
              <a
                href={report.sourceUrl}
                target="_blank"
                rel="noreferrer noopener"
                className="font-medium text-primary hover:underline"
              >
                {report.sourceName}
              </a>
            ) : (
              <span className="font-medium text-foreground">{report.sourceName}</span>
            )}
            <span className="text-muted-foreground">
              {report.severity}
              {report.over ? ' · over' : ''}
              {report.primary && list.length > 1 ? ' · first' : ''}
            </span>
            {canSplit && !report.primary ? (
              <Button
                size="sm"
                variant="secondary"
                disabled={split.isPending}
                onClick={() => setSplitting(report)}
                aria-label={`Split ${report.sourceName}'s report`}
              >
                Split
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={splitting !== null}
        onOpenChange={(open) => {
          if (!open) setSplitting(null);
        }}
        title="Split this report?"
        description={`${splitting?.sourceName ?? 'The feed'}'s report becomes an incident of its own, and that feed's later updates go to it.`}
        confirmLabel="Split"
        onConfirm={() => {
          if (splitting) split.mutate(splitting.id);
          setSplitting(null);
        }}
      />
    </div>
  );
}
