import type { Executor } from '../db/client.js';
import { jobQueue } from './queue.js';
import type { JobKind, JobPayloads } from './registry.js';

/**
 * What a service needs to ask for background work: queue it in its own transaction (so the
 * work exists exactly when the change commits), then wake this instance's worker. Kinds and
 * payloads are the registry's: a payload that does not fit its kind does not compile.
 */
export type BackgroundWork = {
  enqueue: <Kind extends JobKind>(
    db: Executor,
    kind: Kind,
    key: string,
    payload: JobPayloads[Kind],
    runAt?: Date,
  ) => Promise<void>;
  enqueueMany: <Kind extends JobKind>(
    db: Executor,
    kind: Kind,
    items: readonly { key: string; payload: JobPayloads[Kind] }[],
  ) => Promise<void>;
  /**
   * Queues each job that is not queued already, leaving a waiting, running or failing one as it
   * is (its time, its retry backoff): for a sweep that finds the same work again and again.
   * An item's `runAt` defers it.
   */
  enqueueAbsent: <Kind extends JobKind>(
    db: Executor,
    kind: Kind,
    items: readonly { key: string; payload: JobPayloads[Kind]; runAt?: Date }[],
  ) => Promise<number>;
  /** Call after the transaction committed: the worker looks at once instead of at its next poll. */
  kick: () => void;
};

/** `worker`: this instance's job worker (anything that can be kicked), or null for none. */
export const backgroundWork = (worker: { kick: () => void } | null): BackgroundWork => ({
  enqueue: (db, kind, key, payload, runAt) => jobQueue.enqueue(db, kind, key, payload, runAt),
  enqueueMany: (db, kind, items) => jobQueue.enqueueMany(db, kind, items),
  enqueueAbsent: (db, kind, items) => jobQueue.enqueueAbsent(db, kind, items),
  kick: () => worker?.kick(),
});
