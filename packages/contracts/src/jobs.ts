import { z } from 'zod';

/** The background work's health, for platform staff: what waits, what fails, what ran. */
export const JobsHealthResponse = z.object({
  message: z.string(),
  data: z.object({
    queue: z.array(
      z.object({
        kind: z.string(),
        pending: z.number().int(),
        /** Of those, due now or under way (the rest wait for their time, as a digest for its window). */
        due: z.number().int(),
        failing: z.number().int(),
        oldest: z.string().nullable(),
        lastError: z.string().nullable(),
      }),
    ),
    /** What this instance's worker did since it started. */
    worker: z.array(
      z.object({
        kind: z.string(),
        runs: z.number().int(),
        failures: z.number().int(),
        lastSuccessAt: z.string().nullable(),
        lastFailureAt: z.string().nullable(),
        lastError: z.string().nullable(),
        lastDurationMs: z.number().nullable(),
      }),
    ),
  }),
});
export type JobsHealthResponse = z.infer<typeof JobsHealthResponse>;
