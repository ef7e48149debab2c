import { type Analysis, type Citation } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';

/** Analyses newest first, whatever order they came in. */
export const newestFirst = (analyses: readonly Analysis[]): Analysis[] =>
  analyses.toSorted((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));

/** The newest answer that completed: the one the tab shows in full and the panel sums up. */
export const latestComplete = (analyses: readonly Analysis[]): Analysis | null =>
  newestFirst(analyses).find((analysis) => analysis.status === 'COMPLETE') ?? null;

/** Code, fenced or inline, where a `[1]` is text and never a citation. */
const CODE = /(```[\s\S]*?(?:```|$)|`[^`\n]*`)/g;
/** `[n]` that is not already a link, a reference (`[text][1]`) or a definition (`[1]: url`). */
const MARKER = /(?<![\]\\])\[(\d{1,3})\](?![([:])/g;

const escapeTitle = (text: string) => text.replace(/["\\]/g, '\\$&');

/**
 * The answer's `[n]` markers as Markdown links to the n-th citation's page (1-based), titled
 * with its label; a marker without a citation stays as written.
 */
export function linkCitations(markdown: string, citations: readonly Citation[]): string {
  return markdown
    .split(CODE)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(MARKER, (marker, digits: string) => {
            const citation = citations[Number(digits) - 1];
            if (!citation || /[<>\s]/.test(citation.href)) return marker;
            return `[\\[${digits}\\]](<${citation.href}> "${escapeTitle(citation.label)}")`;
          }),
    )
    .join('');
}

const SUMMARY_LINE_LENGTH = 240;

/**
 * The first `count` lines of an answer as plain text, for the side panel: headings, code blocks
 * and the lead-ins of lists ("Most critical:") left out; quotes, list bullets, emphasis and
 * citation markers taken off.
 */
export function summaryLines(markdown: string, count = 3): string[] {
  const lines: string[] = [];
  let inFence = false;
  for (const raw of markdown.split(/\r?\n/)) {
    if (/^\s*```/.test(raw)) {
      inFence = !inFence;
      continue;
    }
    if (inFence || /^\s*#{1,6}\s/.test(raw)) continue;
    const text = raw
      .replace(/^\s*(?:>\s*|[-*+]\s+|\d+[.)]\s+)/, '')
      .replace(/\s*\[\d{1,3}\](?!\()/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/(\*\*|__|\*|_|`)(.+?)\1/g, '$2')
      .replace(/\s+/g, ' ')
      .trim();
    if (!text || /^[-*_=]{3,}$/.test(text) || text.endsWith(':')) continue;
    lines.push(
      text.length > SUMMARY_LINE_LENGTH ? `${text.slice(0, SUMMARY_LINE_LENGTH - 1)}…` : text,
    );
    if (lines.length === count) break;
  }
  return lines;
}

/**
 * The built-in analyst opens its answer with the notice that no language model is configured;
 * the screen shows that notice as a note of its own, so it is taken off the answer's text.
 */
export function separateNotice(markdown: string): { notice: boolean; body: string } {
  const text = markdown.trimStart();
  if (!text.startsWith(API_MESSAGES.analysis.noModel)) return { notice: false, body: markdown };
  return { notice: true, body: text.slice(API_MESSAGES.analysis.noModel.length).trimStart() };
}
