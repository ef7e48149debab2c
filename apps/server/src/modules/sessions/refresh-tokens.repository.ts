import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { refreshTokens } from '../../db/schema.js';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export const refreshTokensRepository = {
  async insert(
    db: Executor,
    values: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
  ): Promise<void> {
    await db.insert(refreshTokens).values(values);
  },

  /**
   * Marks a live token used and returns it, in one statement: of two parallel refreshes
   * with the same token exactly one gets the row.
   */
  async consume(db: Executor, tokenHash: string, now: Date): Promise<RefreshTokenRow | undefined> {
    const [row] = await db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .returning();
    return row;
  },

  async findByHash(db: Executor, tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const [row] = await db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    return row;
  },
};
