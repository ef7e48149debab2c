import type { FastifyBaseLogger } from 'fastify';
import { LOCKS, tryLockFor } from '../../db/advisory-lock.js';
import type { Database } from '../../db/client.js';
import type { BackgroundWork } from '../../jobs/background.js';
import { LoopingWorker } from '../../jobs/loop.js';
import { type KindHealth, newKindHealth } from '../../jobs/worker.js';
import { EXPOSURE_JOBS } from './exposure.jobs.js';
import { exposureRepository as repository } from './exposure.repository.js';

/** Recomputes queued per pass at most, of each kind; a longer backlog takes the next pass. */
const BATCH = 500;

/**
 * The exposure clock: what changes as time passes, with no write to start a recompute. An
 * incident whose end passes clears what it reached; a shipment whose ETA passes is no longer
 * exposed by its route; a shipment on its way moves on (the engine places it where it is
 * estimated at the start of each step of `tickMs`). Each pass asks the database for live
 * exposures that time has made wrong and queues a recompute of just those incidents and
 * shipments, and, for the next step, of the incidents exposing a shipment on its way (the
 * engine's own jobs: once across instances, retried with backoff); one instance at a time
 * passes (a transaction-scoped advisory lock: another skips), and since the question is asked
 * of the data, not of a remembered time, a restart or a missed pass loses nothing. It then
 * sleeps until the next such moment, at most `tickMs` (EXPOSURE_CLOCK_SECONDS, 60 s by default).
 */
export class ExposureClock extends LoopingWorker {
  readonly health: KindHealth = newKindHealth();
  private nextAt: Date | null = null;

  constructor(
    private readonly db: Database,
    private readonly background: BackgroundWork,
    private readonly log: FastifyBaseLogger,
    private readonly tickMs: number,
  ) {
    super(tickMs, 1_000);
  }

  /** Queues what time has changed by `now`; answers how many recomputes it newly queued. */
  async runDue(_halt?: () => boolean, now = new Date()): Promise<number> {
    const started = performance.now();
    try {
      const queued = await this.db.transaction(async (tx) => {
        if (!(await tryLockFor(tx, LOCKS.exposureClock, 'clock'))) return 0;
        const { incidentIds, shipments } = await repository.outdated(tx, now, BATCH);
        // Work already queued (waiting, running or backing off after a failure) is left be.
        const queued =
          (await this.background.enqueueAbsent(
            tx,
            EXPOSURE_JOBS.incident,
            incidentIds.map((incidentId) => ({ key: incidentId, payload: { incidentId } })),
          )) +
          (await this.background.enqueueAbsent(
            tx,
            EXPOSURE_JOBS.target,
            shipments.map(({ id, organizationId }) => ({
              key: `SHIPMENT:${id}`,
              payload: { kind: 'SHIPMENT' as const, targetId: id, organizationId },
            })),
          ));
        // Shipments on their way move on: the incidents they are exposed to are recomputed in
        // the next step, where the engine places them then (a job per incident and step, so
        // one instance's pass and another's queue it once). Their runs are spread over the
        // step, not all at its start: on the embedded database each holds the one connection.
        const stepStart = Math.floor(now.getTime() / this.tickMs) * this.tickMs;
        const nextStep = new Date(stepStart + this.tickMs);
        const moving = await repository.movingIncidents(tx, now, nextStep, BATCH);
        await this.background.enqueueAbsent(
          tx,
          EXPOSURE_JOBS.incident,
          moving.map((incidentId, i) => ({
            key: `${incidentId}@${nextStep.toISOString()}`,
            payload: { incidentId },
            runAt: new Date(nextStep.getTime() + Math.floor((i * this.tickMs) / moving.length)),
          })),
        );
        // A full batch: more is waiting, to be found once these are done (their recomputes
        // wake the clock); else sleep until the next end or ETA.
        this.nextAt =
          incidentIds.length === BATCH || shipments.length === BATCH
            ? null
            : await repository.nextMoment(tx, now);
        return queued;
      });
      if (queued > 0) {
        this.background.kick();
        this.log.info({ queued }, 'exposure clock: recomputes queued as time passed');
      }
      this.health.runs += 1;
      this.health.lastSuccessAt = new Date().toISOString();
      return queued;
    } catch (error) {
      this.health.failures += 1;
      this.health.lastFailureAt = new Date().toISOString();
      this.health.lastError = error instanceof Error ? error.message : String(error);
      this.nextAt = null;
      this.log.warn({ err: error }, 'exposure clock pass failed; trying again later');
      return 0;
    } finally {
      this.health.lastDurationMs = Math.round(performance.now() - started);
    }
  }

  /** Wakes at the next end or ETA when it comes before the tick (a second after it at least). */
  protected override dueInMs(): number | undefined {
    return this.nextAt ? this.nextAt.getTime() - Date.now() + 50 : this.tickMs;
  }
}
