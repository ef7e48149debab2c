import { queryKeys } from '@/lib/query-keys';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { toast } from '@/lib/toast';
import type { Analysis } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { generateAnalysis } from '../api/generate-analysis';

/** The answer being written for one event, or the reason it stopped. */
export type Generation =
  | { status: 'idle' }
  | { status: 'streaming'; question: string; text: string }
  | { status: 'failed'; question: string; message: string };

type Run = Exclude<Generation, { status: 'idle' }> & { run: number; incidentId: string };

const IDLE: Generation = { status: 'idle' };

/**
 * Asks a question about the event and follows the answer as it streams in. The stored analysis
 * then goes to the top of the event's analyses and the streamed text is dropped; a failure is
 * kept (for the panel's alert) and toasted. Choosing another event stops a running answer.
 */
export function useGenerateAnalysis(incidentId: string | null) {
  const queryClient = useQueryClient();
  const organizationId = useActiveOrganizationId();
  const [current, setCurrent] = useState<Run | null>(null);
  const runs = useRef(0);
  const controller = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      controller.current?.abort();
    },
    [incidentId],
  );

  const generate = useCallback(
    async (question: string) => {
      if (!incidentId) return;
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const run = (runs.current += 1);
      const update = (change: (state: Run) => Run | null) =>
        setCurrent((state) => (state?.run === run ? change(state) : state));
      setCurrent({ run, incidentId, status: 'streaming', question, text: '' });
      const key = queryKeys.insights.analyses(organizationId, incidentId);
      try {
        const analysis = await generateAnalysis(
          incidentId,
          { question },
          {
            signal: abort.signal,
            onDelta: (text) =>
              update((state) =>
                state.status === 'streaming' ? { ...state, text: state.text + text } : state,
              ),
          },
        );
        queryClient.setQueryData<Analysis[]>(key, (analyses) => [
          analysis,
          ...(analyses ?? []).filter((known) => known.id !== analysis.id),
        ]);
        update(() => null);
      } catch (error) {
        if (abort.signal.aborted) {
          update(() => null);
          return;
        }
        const message = error instanceof Error ? error.message : String(error);
        update((state) => ({
          run: state.run,
          incidentId,
          status: 'failed',
          question: state.question,
          message,
        }));
        toast.error(message);
      } finally {
        // The stored answer, or the failed attempt the server keeps too.
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
    [incidentId, organizationId, queryClient],
  );

  const generation: Generation =
    current && current.incidentId === incidentId ? toGeneration(current) : IDLE;
  return { generation, generate };
}

function toGeneration(run: Run): Generation {
  return run.status === 'streaming'
    ? { status: 'streaming', question: run.question, text: run.text }
    : { status: 'failed', question: run.question, message: run.message };
}
