import { ApiError, authenticatedFetch, readErrorMessage } from '@/lib/api-client';
import type { Analysis, AnalysisInput } from '@meridian/contracts';
import { readAnalysisEvent } from '../utils/analysis-events';
import { createSseParser, type SseEvent } from '@/lib/sse';
import { analysesPath } from './get-analyses';
import * as WEB_MESSAGES from '@/config/messages';

const EVENT_STREAM = 'text/event-stream';

/** What the stream's events say, in order: the text so far grows, then one ending. */
function interpret(events: readonly SseEvent[], onDelta: (text: string) => void): Analysis | null {
  for (const event of events) {
    const read = readAnalysisEvent(event, WEB_MESSAGES.insights.analysisFailed);
    switch (read.kind) {
      case 'delta':
        onDelta(read.text);
        break;
      case 'done':
        return read.analysis;
      case 'error':
        throw new ApiError(read.message, 200);
      case 'other':
        break;
    }
  }
  return null;
}

/**
 * `POST /api/incidents/{id}/analyses` with `Accept: text/event-stream`: each piece of the answer
 * goes to `onDelta` as it is written; resolves with the stored analysis, or throws the
 * stream's `error` message. A server that answers with plain JSON instead is read as such.
 */
export async function generateAnalysis(
  incidentId: string,
  input: AnalysisInput,
  { onDelta, signal }: { onDelta: (text: string) => void; signal?: AbortSignal },
): Promise<Analysis> {
  const response = await authenticatedFetch(analysesPath(incidentId), {
    method: 'POST',
    body: input,
    headers: { Accept: EVENT_STREAM },
    signal,
  });
  if (!response.ok) {
    throw new ApiError(
      (await readErrorMessage(response)) ?? WEB_MESSAGES.insights.analysisFailed,
      response.status,
    );
  }
  const parser = createSseParser();
  const isStream = response.headers.get('Content-Type')?.startsWith(EVENT_STREAM) ?? false;
  if (!isStream || !response.body) {
    const text = await response.text();
    const analysis = interpret([{ event: 'done', data: text }], onDelta);
    if (!analysis) throw new ApiError(WEB_MESSAGES.insights.analysisFailed, response.status);
    return analysis;
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const analysis = interpret(done ? parser.end() : parser.push(value), onDelta);
      if (analysis) return analysis;
      if (done) throw new ApiError(WEB_MESSAGES.insights.analysisInterrupted, response.status);
    }
  } finally {
    // Stops the download of anything after the ending (or after an abort).
    void reader.cancel().catch(() => undefined);
  }
}
