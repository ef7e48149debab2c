import { sql } from 'drizzle-orm';
import type { Executor } from './client.js';

/** Namespaces of transaction-scoped advisory locks, one per kind of work. */
export const LOCKS = {
  exposure: 7_352_020,
  alerts: 7_352_021,
  planTemplates: 7_352_022,
  exposureClock: 7_352_023,
  feedIngest: 7_352_024,
} as const;

/**
 * Holds a lock on (namespace, key) until the transaction ends: of several instances on one
 * database, one at a time does the work under it; the others wait their turn.
 */
export async function lockFor(
  db: Executor,
  namespace: (typeof LOCKS)[keyof typeof LOCKS],
  key: string,
): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${namespace}, hashtext(${key}))`);
}

/**
 * Takes the lock on (namespace, key) until the transaction ends if no one holds it: false when
 * another instance is doing that work now (the caller skips it rather than waits).
 */
export async function tryLockFor(
  db: Executor,
  namespace: (typeof LOCKS)[keyof typeof LOCKS],
  key: string,
): Promise<boolean> {
  const result = await db.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(${namespace}, hashtext(${key})) as locked`,
  );
  return (result as { rows: { locked: boolean }[] }).rows[0]?.locked === true;
}
