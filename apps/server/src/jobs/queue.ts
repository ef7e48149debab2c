import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { jobs } from '../db/schema.js';

export type Job = typeof jobs.$inferSelect;

/** How long a claimed job is its worker's: past it (a crash), another instance takes it. */
export const JOB_LEASE_MS = 5 * 60_000;
/** Retry delays after failures: 1 s doubling, capped at 10 minutes. */
export const backoffMs = (attempts: number) =>
  Math.min(1000 * 2 ** Math.max(0, attempts - 1), 10 * 60_000);

/**
 * The job table's queries. A job is claimed by moving its run time past a lease, in one
 * statement that skips rows another transaction holds: of several instances exactly one gets it.
 */
export const jobQueue = {
  /**
   * Asks for a job in the caller's transaction, so it exists exactly when the change that asks
   * for it commits. Asking again while it waits changes nothing but its payload; asking while
   * it runs bumps its version, and that run is followed by another. `runAt` defers it (a
   * digest due later); it never moves an earlier run later.
   */
  async enqueue(
    db: Executor,
    kind: string,
    key: string,
    payload: Record<string, unknown> = {},
    runAt?: Date,
  ): Promise<void> {
    const at = runAt ? sql`${runAt.toISOString()}::timestamptz` : sql`now()`;
    await db
      .insert(jobs)
      .values({ kind, key, payload, ...(runAt ? { runAt } : {}) })
      .onConflictDoUpdate({
        target: [jobs.kind, jobs.key],
        set: {
          payload,
          version: sql`${jobs.version} + 1`,
          runAt: sql`least(${jobs.runAt}, ${at})`,
          attempts: 0,
        },
      });
  },

  /** Asks for many jobs of one kind at once (as `enqueue` does for one), 1,000 per statement. */
  async enqueueMany(
    db: Executor,
    kind: string,
    items: readonly { key: string; payload: Record<string, unknown> }[],
  ): Promise<void> {
    for (let i = 0; i < items.length; i += 1000) {
      await db
        .insert(jobs)
        .values(items.slice(i, i + 1000).map(({ key, payload }) => ({ kind, key, payload })))
        .onConflictDoUpdate({
          target: [jobs.kind, jobs.key],
          set: {
            payload: sql`excluded.payload`,
            version: sql`${jobs.version} + 1`,
            runAt: sql`least(${jobs.runAt}, now())`,
            attempts: 0,
          },
        });
    }
  },

  /** Queues each of these jobs not queued already (see BackgroundWork); answers how many. */
  async enqueueAbsent(
    db: Executor,
    kind: string,
    items: readonly { key: string; payload: Record<string, unknown>; runAt?: Date }[],
  ): Promise<number> {
    let added = 0;
    for (let i = 0; i < items.length; i += 1000) {
      const rows = await db
        .insert(jobs)
        .values(
          items.slice(i, i + 1000).map(({ key, payload, runAt }) => ({
            kind,
            key,
            payload,
            ...(runAt ? { runAt } : {}),
          })),
        )
        .onConflictDoNothing({ target: [jobs.kind, jobs.key] })
        .returning({ id: jobs.id });
      added += rows.length;
    }
    return added;
  },

  /**
   * The next due job, leased to the caller; undefined when none is due. Time is the
   * database's (as when jobs are queued), unless a test passes its own `now`.
   */
  async claim(db: Executor, now?: Date): Promise<Job | undefined> {
    const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
    const result = await db.execute<Record<string, unknown>>(sql`
      update ${jobs} set run_at = ${at} + ${`${JOB_LEASE_MS} milliseconds`}::interval, attempts = attempts + 1
      where id = (
        select id from ${jobs} where run_at <= ${at} order by run_at, id limit 1 for update skip locked
      )
      returning id, kind, key, payload, version, attempts`);
    const row = (result as { rows: Record<string, unknown>[] }).rows[0];
    if (!row) return undefined;
    return {
      id: Number(row.id),
      kind: String(row.kind),
      key: String(row.key),
      payload: (row.payload ?? {}) as Record<string, unknown>,
      version: Number(row.version),
      attempts: Number(row.attempts),
      runAt: new Date(),
      lastError: null,
      createdAt: new Date(),
    };
  },

  /** Done: gone, unless it was asked for again meanwhile, then due again at once. */
  async complete(db: Executor, job: Job): Promise<void> {
    const removed = await db
      .delete(jobs)
      .where(and(eq(jobs.id, job.id), eq(jobs.version, job.version)))
      .returning({ id: jobs.id });
    if (removed.length === 0) {
      await db.update(jobs).set({ runAt: new Date(), attempts: 0 }).where(eq(jobs.id, job.id));
    }
  },

  /** Failed: back in the queue after a growing delay, with what went wrong. */
  async fail(db: Executor, job: Job, error: unknown, now = new Date()): Promise<void> {
    await db
      .update(jobs)
      .set({
        runAt: new Date(now.getTime() + backoffMs(job.attempts)),
        lastError: error instanceof Error ? error.message.slice(0, 1000) : String(error),
      })
      .where(eq(jobs.id, job.id));
  },

  /** What the health screen shows: per kind, how many wait, how many are failing, the oldest. */
  async summary(db: Executor) {
    return db
      .select({
        kind: jobs.kind,
        pending: sql<number>`count(*)::int`,
        due: sql<number>`(count(*) filter (where ${jobs.runAt} <= now() or ${jobs.attempts} > 0))::int`,
        failing: sql<number>`(count(*) filter (where ${jobs.lastError} is not null))::int`,
        oldest: sql<Date | null>`min(${jobs.createdAt})`,
        lastError: sql<string | null>`max(${jobs.lastError})`,
      })
      .from(jobs)
      .groupBy(jobs.kind);
  },
};
