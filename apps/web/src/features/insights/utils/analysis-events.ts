import { Analysis } from '@meridian/contracts';
import { z } from 'zod';
import type { SseEvent } from '@/lib/sse';

/** What one event of the analysis stream means to the screen. */
export type AnalysisStreamEvent =
  | { kind: 'delta'; text: string }
  | { kind: 'done'; analysis: Analysis }
  | { kind: 'error'; message: string }
  | { kind: 'other' };

const Delta = z.object({ text: z.string() });
const Failure = z.object({ message: z.string().min(1) });
/** The stored analysis, bare or in the `{analysis}` / `{data: {analysis}}` envelope of the JSON reply. */
const Done = z.union([
  Analysis,
  z.object({ analysis: Analysis }).transform(({ analysis }) => analysis),
  z.object({ data: z.object({ analysis: Analysis }) }).transform(({ data }) => data.analysis),
]);

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * Reads `delta` (`{text}`), `done` (the stored Analysis) and `error` (`{message}`); a `done` or
 * `error` that cannot be read is an error with `fallbackMessage`, an unreadable delta is
 * skipped, and events of other names are left alone.
 */
export function readAnalysisEvent(event: SseEvent, fallbackMessage: string): AnalysisStreamEvent {
  const body = parseJson(event.data);
  switch (event.event) {
    case 'delta': {
      const delta = Delta.safeParse(body);
      return delta.success ? { kind: 'delta', text: delta.data.text } : { kind: 'other' };
    }
    case 'done': {
      const done = Done.safeParse(body);
      return done.success
        ? { kind: 'done', analysis: done.data }
        : { kind: 'error', message: fallbackMessage };
    }
    case 'error': {
      const failure = Failure.safeParse(body);
      return { kind: 'error', message: failure.success ? failure.data.message : fallbackMessage };
    }
    default:
      return { kind: 'other' };
  }
}
