import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from './client.js';
import type { googleLinkChallenges, loginChallenges } from './schema.js';

/** A table of short-lived challenges a client answers with an opaque token (stored hashed). */
type ChallengeTable = typeof loginChallenges | typeof googleLinkChallenges;

/**
 * The queries every one-time challenge shares (the second sign-in step, the password that
 * links Google): start one, take a try on it (locked, so parallel tries count one by one),
 * and end it once.
 */
export function oneTimeChallenges<T extends ChallengeTable>(table: T) {
  // Both tables have these columns; drizzle's types do not carry that over a union.
  const t = table as typeof loginChallenges;
  type Row = T['$inferSelect'];
  return {
    async insert(db: Executor, values: T['$inferInsert']): Promise<void> {
      // The user's finished or expired challenges are of no further use.
      await db
        .delete(t)
        .where(
          and(
            eq(t.userId, values.userId),
            or(isNotNull(t.consumedAt), lt(t.expiresAt, new Date())),
          ),
        );
      await db.insert(t).values(values as typeof loginChallenges.$inferInsert);
    },

    /** The open challenge with this token, locked until the transaction ends, one more try counted. */
    async takeTry(db: Executor, tokenHash: string, now: Date): Promise<Row | undefined> {
      const [row] = await db
        .select()
        .from(t)
        .where(and(eq(t.tokenHash, tokenHash), isNull(t.consumedAt), gt(t.expiresAt, now)))
        .for('update');
      if (!row) return undefined;
      await db
        .update(t)
        .set({ tries: row.tries + 1 })
        .where(eq(t.id, row.id));
      return row;
    },

    /** Ends a challenge; false when another request ended it first. */
    async consume(db: Executor, id: string): Promise<boolean> {
      const rows = await db
        .update(t)
        .set({ consumedAt: new Date() })
        .where(and(eq(t.id, id), isNull(t.consumedAt)))
        .returning({ id: t.id });
      return rows.length > 0;
    },
  };
}
