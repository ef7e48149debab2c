import type { Citation } from '@meridian/contracts';

/** `[3]`, `[3, 5]`, `[3-5]`: how answers cite records (a range spans a few at most). */
const REFERENCE = /( ?)\[(\d{1,4}(?:\s*[,;–-]\s*\d{1,4})*)\]/g;
const MAX_RANGE = 20;

function numbersOf(group: string): number[] {
  return group.split(/\s*[,;]\s*/).flatMap((part) => {
    const [from, to] = part.split(/\s*[–-]\s*/).map(Number);
    if (from === undefined || Number.isNaN(from)) return [];
    if (to === undefined || Number.isNaN(to) || to < from || to - from > MAX_RANGE) return [from];
    return Array.from({ length: to - from + 1 }, (_, index) => from + index);
  });
}

/**
 * Keeps only the records an answer refers to, numbered in the order it first cites them, and
 * rewrites its references to match as single `[n]`s (a reference to no record is dropped).
 * An answer that cites nothing keeps every record: all of them were its grounds.
 */
export function keepCited(
  answer: string,
  citations: readonly Citation[],
): { answer: string; citations: Citation[] } {
  const renumbered = new Map<number, number>();
  for (const match of answer.matchAll(REFERENCE)) {
    for (const number of numbersOf(match[2] ?? '')) {
      if (number >= 1 && number <= citations.length && !renumbered.has(number)) {
        renumbered.set(number, renumbered.size + 1);
      }
    }
  }
  if (renumbered.size === 0) return { answer, citations: [...citations] };
  const rewritten = answer.replace(REFERENCE, (_match, space: string, group: string) => {
    const refs = [...new Set(numbersOf(group))].flatMap((number) => {
      const next = renumbered.get(number);
      return next === undefined ? [] : [`[${next}]`];
    });
    return refs.length > 0 ? `${space}${refs.join('')}` : '';
  });
  const kept = [...renumbered.keys()].flatMap((number) => {
    const citation = citations[number - 1];
    return citation ? [citation] : [];
  });
  return { answer: rewritten, citations: kept };
}
