import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { LoopingWorker, yieldToEventLoop } from './loop.js';
import { type Job, jobQueue } from './queue.js';

export type JobHandler = (job: Job) => Promise<void>;

/** What each kind of job did last, for the health screen (this instance's view). */
export type KindHealth = {
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  lastError: string | null;
  runs: number;
  failures: number;
  lastDurationMs: number | null;
};

/** A kind that has not run yet on this instance. */
export const newKindHealth = (): KindHealth => ({
  lastSuccessAt: null,
  lastFailureAt: null,
  lastError: null,
  runs: 0,
  failures: 0,
  lastDurationMs: null,
});

const IDLE_POLL_MS = 2_000;
/**
 * A kick waits this long: a burst of writes (an import, a user editing fast) is answered
 * first and its jobs run together after, instead of each job cutting into the next request.
 */
const KICK_DELAY_MS = 150;

/**
 * Runs queued jobs on this instance: claims one at a time (another instance never gets the
 * same one), runs its handler, completes or fails it with a growing delay. Polls while idle
 * and is woken at once when this instance queues work (`kick`). A job cut off by a crash
 * comes back when its lease runs out.
 */
export class JobWorker extends LoopingWorker {
  readonly health = new Map<string, KindHealth>();

  constructor(
    private readonly db: Database,
    private readonly handlers: Readonly<Record<string, JobHandler>>,
    private readonly log: FastifyBaseLogger,
    pollMs = IDLE_POLL_MS,
  ) {
    super(pollMs, KICK_DELAY_MS);
  }

  /** Runs every due job (until `halt` says stop), then resolves; tests call it directly. */
  async runDue(halt: () => boolean = () => false): Promise<void> {
    for (;;) {
      await yieldToEventLoop();
      if (halt()) return;
      let job: Job | undefined;
      try {
        job = await jobQueue.claim(this.db);
      } catch (error) {
        this.log.error({ err: error }, 'could not claim a job');
        return;
      }
      if (!job) return;
      await this.run(job);
    }
  }

  private async run(job: Job): Promise<void> {
    const handler = this.handlers[job.kind];
    const health = this.healthOf(job.kind);
    const started = performance.now();
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job);
      await jobQueue.complete(this.db, job);
      health.runs += 1;
      health.lastSuccessAt = new Date().toISOString();
    } catch (error) {
      health.failures += 1;
      health.lastFailureAt = new Date().toISOString();
      health.lastError = error instanceof Error ? error.message : String(error);
      this.log.warn(
        { err: error, job: { kind: job.kind, key: job.key, attempts: job.attempts } },
        'job failed; retrying later',
      );
      await jobQueue
        .fail(this.db, job, error)
        .catch((failure: unknown) =>
          this.log.error({ err: failure }, 'could not put a failed job back'),
        );
    } finally {
      health.lastDurationMs = Math.round(performance.now() - started);
    }
  }

  private healthOf(kind: string): KindHealth {
    let health = this.health.get(kind);
    if (!health) {
      health = newKindHealth();
      this.health.set(kind, health);
    }
    return health;
  }
}
