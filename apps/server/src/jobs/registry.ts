import { z } from 'zod';
import type { Job } from './queue.js';
import type { JobHandler } from './worker.js';

/**
 * Every kind of background job and the payload it carries. The machinery names no kind: each
 * module declares its own beside its handlers, by declaration merging (as Fastify's decorators):
 *
 *   declare module '../../jobs/registry.js' {
 *     interface JobPayloads { 'exposure.incident': { incidentId: string } }
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the modules fill it
export interface JobPayloads {}
export type JobKind = keyof JobPayloads;

/** How a module runs one kind: the schema its payload (JSON from the table) must meet, and the work. */
export type JobDefinition<Kind extends JobKind> = {
  payload: z.ZodType<JobPayloads[Kind]>;
  run: (payload: JobPayloads[Kind], job: Job) => Promise<void>;
};
export type JobDefinitions = { [Kind in JobKind]?: JobDefinition<Kind> };

/**
 * The worker's handlers from the modules' definitions: a payload that does not meet its kind's
 * schema fails the job with the reason (and is retried with backoff, visible on the health
 * screen) instead of reaching the work. A kind defined twice is a programming error.
 */
export function jobHandlers(...modules: JobDefinitions[]): Record<string, JobHandler> {
  const handlers: Record<string, JobHandler> = {};
  for (const definitions of modules) {
    for (const [kind, definition] of Object.entries(definitions) as [
      string,
      JobDefinition<JobKind> | undefined,
    ][]) {
      if (!definition) continue;
      if (handlers[kind]) throw new Error(`job kind ${kind} is defined twice`);
      handlers[kind] = async (job) => {
        const parsed = definition.payload.safeParse(job.payload);
        if (!parsed.success) {
          throw new Error(`job payload of ${kind} is malformed: ${z.prettifyError(parsed.error)}`);
        }
        await definition.run(parsed.data, job);
      };
    }
  }
  return handlers;
}
