import type { Executor } from '../db/client.js';
import { jobQueue } from './queue.js';
import type { JobWorker } from './worker.js';

/**
 * What a service needs to ask for background work: queue it in its own transaction (so the
 * work exists exactly when the change commits), then wake this instance's worker.
 */
export type BackgroundWork = {
  enqueue: (
    db: Executor,
    kind: string,
    key: string,
    payload?: Record<string, unknown>,
    runAt?: Date,
  ) => Promise<void>;
  enqueueMany: (
    db: Executor,
    kind: string,
    items: readonly { key: string; payload: Record<string, unknown> }[],
  ) => Promise<void>;
  /** Call after the transaction committed: the worker looks at once instead of at its next poll. */
  kick: () => void;
};

export const backgroundWork = (worker: JobWorker | null): BackgroundWork => ({
  enqueue: (db, kind, key, payload, runAt) => jobQueue.enqueue(db, kind, key, payload, runAt),
  enqueueMany: (db, kind, items) => jobQueue.enqueueMany(db, kind, items),
  kick: () => worker?.kick(),
});
