import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { googleLinkChallenges } from '../../db/schema.js';

export type GoogleLinkChallengeRow = typeof googleLinkChallenges.$inferSelect;

/** The pending password confirmations of first Google sign-ins. */
export const googleLinkRepository = {
  async insert(
    db: Executor,
    values: {
      tokenHash: string;
      userId: string;
      googleSub: string;
      userAgent: string | null;
      expiresAt: Date;
    },
  ): Promise<void> {
    // The user's finished or expired confirmations are of no further use.
    await db
      .delete(googleLinkChallenges)
      .where(
        and(
          eq(googleLinkChallenges.userId, values.userId),
          or(
            isNotNull(googleLinkChallenges.consumedAt),
            lt(googleLinkChallenges.expiresAt, new Date()),
          ),
        ),
      );
    await db.insert(googleLinkChallenges).values(values);
  },

  /** Counts a try on a live challenge (locked, so parallel tries count one by one). */
  async takeTry(
    db: Executor,
    tokenHash: string,
    now: Date,
  ): Promise<GoogleLinkChallengeRow | undefined> {
    const [row] = await db
      .select()
      .from(googleLinkChallenges)
      .where(
        and(
          eq(googleLinkChallenges.tokenHash, tokenHash),
          isNull(googleLinkChallenges.consumedAt),
          gt(googleLinkChallenges.expiresAt, now),
        ),
      )
      .for('update');
    if (!row) return undefined;
    await db
      .update(googleLinkChallenges)
      .set({ tries: row.tries + 1 })
      .where(eq(googleLinkChallenges.id, row.id));
    return row;
  },

  async consume(db: Executor, id: string): Promise<boolean> {
    const rows = await db
      .update(googleLinkChallenges)
      .set({ consumedAt: new Date() })
      .where(and(eq(googleLinkChallenges.id, id), isNull(googleLinkChallenges.consumedAt)))
      .returning({ id: googleLinkChallenges.id });
    return rows.length > 0;
  },
};
