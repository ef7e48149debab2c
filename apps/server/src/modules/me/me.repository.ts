import { and, desc, eq, gt, isNull, max, min, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { refreshTokens, userSettings } from '../../db/schema.js';

type SettingsColumn = 'preferences' | 'notifications';

export const meRepository = {
  async findSettings(db: Executor, userId: string) {
    const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
    return row;
  },

  async saveSettings(
    db: Executor,
    userId: string,
    column: SettingsColumn,
    value: unknown,
  ): Promise<void> {
    await db
      .insert(userSettings)
      .values({ userId, [column]: value })
      .onConflictDoUpdate({
        target: userSettings.userId,
        set: { [column]: value, updatedAt: new Date() },
      });
  },

  /** One row per live session (refresh-token family) of the user. */
  listSessions(db: Executor, userId: string, now: Date) {
    return db
      .select({
        id: refreshTokens.familyId,
        createdAt: min(refreshTokens.createdAt),
        lastUsedAt: max(refreshTokens.createdAt),
        expiresAt: max(refreshTokens.expiresAt),
      })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, userId), gt(refreshTokens.expiresAt, now)))
      .groupBy(refreshTokens.familyId)
      .having(sql`bool_or(${refreshTokens.usedAt} is null and ${refreshTokens.revokedAt} is null)`)
      .orderBy(desc(max(refreshTokens.createdAt)));
  },

  /** Ends one session of the user; false when the user has no such live session. */
  async revokeSession(db: Executor, userId: string, familyId: string): Promise<boolean> {
    const revoked = await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.userId, userId),
          eq(refreshTokens.familyId, familyId),
          isNull(refreshTokens.revokedAt),
        ),
      )
      .returning({ id: refreshTokens.id });
    return revoked.length > 0;
  },
};
