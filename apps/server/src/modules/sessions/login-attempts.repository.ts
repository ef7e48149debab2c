import { and, count, eq, gt, lt, max, min, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { loginAttempts } from '../../db/schema.js';

/** Any fixed number: it only has to be the same in every instance. */
const LOCK_NAMESPACE = 7_352_010;

/** Queries of the sign-in attempt log that throttling reads and writes. */
export const loginAttemptsRepository = {
  /**
   * Serialises the attempts of one client until the transaction ends: the count and the
   * record of a new attempt are then one step, so parallel requests cannot all pass the check.
   */
  async lockClient(tx: Executor, clientKey: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${clientKey}))`);
  },

  /** Failed attempts matching the conditions, and when the oldest of them was made. */
  async failures(
    db: Executor,
    conditions: SQL[],
  ): Promise<{ failures: number; oldest: Date | null }> {
    const [row] = await db
      .select({ failures: count(), oldest: min(loginAttempts.createdAt) })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.succeeded, false), ...conditions));
    return { failures: row?.failures ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  },

  async lastSuccess(db: Executor, email: string, ip: string): Promise<Date | undefined> {
    const [row] = await db
      .select({ at: max(loginAttempts.createdAt) })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.email, email),
          eq(loginAttempts.ip, ip),
          eq(loginAttempts.succeeded, true),
        ),
      );
    return row?.at ? new Date(row.at) : undefined;
  },

  async insert(
    db: Executor,
    values: { email: string; ip: string; succeeded: boolean; createdAt?: Date },
  ): Promise<number> {
    const [row] = await db.insert(loginAttempts).values(values).returning({ id: loginAttempts.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async markSucceeded(db: Executor, id: number): Promise<void> {
    await db
      .update(loginAttempts)
      .set({ succeeded: true, createdAt: new Date() })
      .where(eq(loginAttempts.id, id));
  },

  async prune(db: Executor, before: Date): Promise<void> {
    await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, before));
  },

  since: (from: Date) => gt(loginAttempts.createdAt, from),
  byEmail: (email: string) => eq(loginAttempts.email, email),
  byIp: (ip: string) => eq(loginAttempts.ip, ip),
};
