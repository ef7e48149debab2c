import { Alert } from '@/components/ui/Alert';
import { SectionSpinner, Spinner } from '@/components/ui/Spinner';
import { formatDateTime } from '@/utils/format';
import { Sparkles } from 'lucide-react';
import { useAnalyses } from '../api/get-analyses';
import type { Generation } from '../hooks/use-generate-analysis';
import { latestComplete, newestFirst, separateNotice } from '../utils/analysis-display';
import { AnalysisAnswer, AnalysisMeta, EngineNotice } from './AnalysisAnswer';
import { MarkdownText } from '@/components/MarkdownText';
import * as WEB_MESSAGES from '@/config/messages';

/** The answer as it is written, until the stored one takes its place. */
function StreamingAnswer({ question, text }: { question: string; text: string }) {
  const { notice, body } = separateNotice(text);
  return (
    <article
      aria-label="Answer being generated"
      aria-busy="true"
      className="flex flex-col gap-2 rounded-lg border border-primary/40 bg-surface p-4"
    >
      <h3 className="text-sm font-semibold text-foreground">{question}</h3>
      <p role="status" className="flex items-center gap-2 text-xs text-muted-foreground">
        <Spinner className="size-3.5 text-primary" />
        Generating…
      </p>
      {notice ? <EngineNotice /> : null}
      {body ? <MarkdownText text={body} /> : null}
    </article>
  );
}

/**
 * The latest answer about the event in full (while a new one is written, that one as it
 * streams), then the earlier questions, each opening to its answer.
 */
export function AnalysisTab({
  incidentId,
  generation,
}: {
  incidentId: string;
  generation: Generation;
}) {
  const analyses = useAnalyses(incidentId);
  const streaming = generation.status === 'streaming' ? generation : null;
  if (analyses.isPending && !streaming) return <SectionSpinner label="Loading analyses..." />;
  const all = newestFirst(analyses.data ?? []);
  const latest = streaming ? null : latestComplete(all);
  const earlier = all.filter((analysis) => analysis.id !== latest?.id);
  return (
    <div className="flex flex-col gap-4">
      {analyses.isError ? <Alert tone="error">{analyses.error.message}</Alert> : null}
      {streaming ? <StreamingAnswer question={streaming.question} text={streaming.text} /> : null}
      {latest ? (
        <article
          aria-labelledby="latest-analysis-question"
          className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-4"
        >
          <div>
            <h3 id="latest-analysis-question" className="text-sm font-semibold text-foreground">
              {latest.question}
            </h3>
            <AnalysisMeta analysis={latest} />
          </div>
          <AnalysisAnswer analysis={latest} />
        </article>
      ) : null}
      {!streaming && !latest && analyses.data ? (
        <div className="flex flex-col items-center gap-2 py-6 text-center">
          <Sparkles aria-hidden="true" className="size-7 text-muted-foreground/60" />
          <p className="text-sm text-muted-foreground">{WEB_MESSAGES.insights.noAnalyses}</p>
          <p className="text-xs text-muted-foreground">{WEB_MESSAGES.insights.noAnalysesHint}</p>
        </div>
      ) : null}
      {earlier.length > 0 ? (
        <section aria-labelledby="earlier-analyses-title" className="flex flex-col gap-2">
          <h3 id="earlier-analyses-title" className="text-sm font-semibold text-foreground">
            Earlier analyses
          </h3>
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-surface">
            {earlier.map((analysis) => (
              <li key={analysis.id}>
                <details className="group px-4 py-2.5">
                  <summary className="cursor-pointer list-inside text-sm text-foreground marker:text-muted-foreground">
                    <span className="font-medium">{analysis.question}</span>
                    <span className="ml-2 text-xs text-muted-foreground">
                      {formatDateTime(analysis.createdAt)}
                      {analysis.status === 'FAILED' ? ' · failed' : null}
                    </span>
                  </summary>
                  <div className="mt-2 flex flex-col gap-2 pl-4">
                    <AnalysisMeta analysis={analysis} />
                    <AnalysisAnswer analysis={analysis} />
                  </div>
                </details>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
