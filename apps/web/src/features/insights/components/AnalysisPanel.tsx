import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/utils/cn';
import { FileText } from 'lucide-react';
import type { CSSProperties } from 'react';
import { useAnalyses } from '../api/get-analyses';
import type { Generation } from '../hooks/use-generate-analysis';
import { latestComplete, separateNotice, summaryLines } from '../utils/analysis-display';
import { AnalysisMeta, EngineNotice } from './AnalysisAnswer';
import { ReportsList } from './ReportsList';
import * as WEB_MESSAGES from '@/config/messages';

function LatestSummary({
  incidentId,
  generation,
  onOpenAnalysis,
}: {
  incidentId: string;
  generation: Generation;
  onOpenAnalysis: () => void;
}) {
  const analyses = useAnalyses(incidentId);
  if (generation.status === 'streaming') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4 text-primary" />
        Generating an answer…
      </p>
    );
  }
  if (analyses.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4 text-primary" />
        Loading analyses...
      </p>
    );
  }
  if (analyses.isError) return <Alert tone="error">{analyses.error.message}</Alert>;
  const latest = latestComplete(analyses.data);
  if (!latest) {
    return (
      <p className="text-sm text-muted-foreground">
        {WEB_MESSAGES.insights.noAnalyses} {WEB_MESSAGES.insights.noAnalysesHint}
      </p>
    );
  }
  return (
    <article aria-label="Latest analysis" className="flex flex-col gap-2">
      <div>
        <h3 className="text-sm font-semibold text-foreground">{latest.question}</h3>
        <AnalysisMeta analysis={latest} />
      </div>
      <div className="flex flex-col gap-1 text-sm text-foreground">
        {summaryLines(separateNotice(latest.answer).body).map((line, index) => (
          <p key={index}>{line}</p>
        ))}
      </div>
      {latest.engine === 'BUILT_IN' ? <EngineNotice /> : null}
      <Button variant="secondary" size="sm" className="self-start" onClick={onOpenAnalysis}>
        Read the full analysis
      </Button>
    </article>
  );
}

/**
 * The right-hand panel: the latest answer about the selected event in a few lines (or why the
 * last question failed), and the event's stored reports.
 */
export function AnalysisPanel({
  incidentId,
  generation,
  onOpenAnalysis,
  emptyText,
  className,
  style,
}: {
  /** null: no event of the organization's is selected (`emptyText` says why). */
  incidentId: string | null;
  generation: Generation;
  onOpenAnalysis: () => void;
  emptyText: string;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <aside
      aria-labelledby="analysis-title"
      style={style}
      className={cn('relative flex flex-col gap-4 overflow-y-auto bg-surface p-4', className)}
    >
      <h2 id="analysis-title" className="flex items-center gap-2 text-sm font-semibold">
        <FileText aria-hidden="true" className="size-4 text-muted-foreground" />
        Analysis
      </h2>
      {incidentId ? (
        <>
          {generation.status === 'failed' ? (
            <Alert tone="error">
              <p className="font-medium">{WEB_MESSAGES.insights.analysisFailed}</p>
              <p>{generation.message}</p>
            </Alert>
          ) : null}
          <LatestSummary
            incidentId={incidentId}
            generation={generation}
            onOpenAnalysis={onOpenAnalysis}
          />
          <div className="border-t border-border pt-3">
            <ReportsList incidentId={incidentId} />
          </div>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      )}
    </aside>
  );
}
