import { formatDateTime } from '@/utils/format';
import { type Analysis } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { Info } from 'lucide-react';
import { Link } from 'react-router';
import { linkCitations, separateNotice } from '../utils/analysis-display';
import { MarkdownText } from '@/components/MarkdownText';

/** Who asked, when, and which engine answered. */
export function AnalysisMeta({ analysis }: { analysis: Analysis }) {
  const engine =
    analysis.engine === 'LLM' ? (analysis.model ?? 'Language model') : 'Built-in analyst';
  return (
    <p className="text-xs text-muted-foreground">
      {analysis.askedBy ? `Asked by ${analysis.askedBy.name} · ` : null}
      <time dateTime={analysis.createdAt}>{formatDateTime(analysis.createdAt)}</time> · {engine}
    </p>
  );
}

/** Says that no language model is configured, over an answer of the built-in analyst. */
export function EngineNotice() {
  return (
    <p className="flex items-start gap-1.5 text-xs text-muted-foreground">
      <Info aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      {API_MESSAGES.analysis.noModel}
    </p>
  );
}

const SourceLink = ({ href, label }: { href: string; label: string }) =>
  href.startsWith('/') && !href.startsWith('//') ? (
    <Link to={href} className="text-primary underline underline-offset-2">
      {label}
    </Link>
  ) : (
    <span>{label}</span>
  );

/**
 * A stored answer in full: its Markdown with each `[n]` a link to the record it cites, the
 * numbered sources under it, and the engine's notice; a failed attempt shows why it failed.
 */
export function AnalysisAnswer({ analysis }: { analysis: Analysis }) {
  if (analysis.status === 'FAILED') {
    return (
      <p className="text-sm text-danger-text">
        {analysis.error ?? 'This question could not be answered.'}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {analysis.engine === 'BUILT_IN' ? <EngineNotice /> : null}
      <MarkdownText
        text={linkCitations(separateNotice(analysis.answer).body, analysis.citations)}
      />
      {analysis.citations.length > 0 ? (
        <div>
          <h4 className="text-xs font-semibold text-muted-foreground uppercase">Sources</h4>
          <ol className="mt-1 flex flex-col gap-0.5 text-xs">
            {analysis.citations.map((citation, index) => (
              <li key={`${citation.kind}-${citation.id}-${index}`} className="flex gap-1.5">
                <span className="text-muted-foreground tabular-nums">[{index + 1}]</span>
                <SourceLink href={citation.href} label={citation.label} />
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}
