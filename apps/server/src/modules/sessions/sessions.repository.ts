import { and, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { SignInMethod } from '@meridian/contracts';
import type { Executor } from '../../db/client.js';
import { refreshTokens, sessions } from '../../db/schema.js';

export type SessionRow = typeof sessions.$inferSelect;

/** Queries only: every one names the session's user, so nobody reaches another's session. */
export const sessionsRepository = {
  async insert(
    db: Executor,
    values: {
      userId: string;
      userAgent: string | null;
      ip: string | null;
      method: SignInMethod;
      expiresAt: Date;
    },
  ): Promise<SessionRow> {
    const [row] = await db.insert(sessions).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async findForUser(db: Executor, userId: string, id: string): Promise<SessionRow | undefined> {
    const [row] = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.id, id), eq(sessions.userId, userId)));
    return row;
  },

  async touch(db: Executor, id: string, ip: string | null): Promise<void> {
    await db.update(sessions).set({ lastUsedAt: new Date(), ip }).where(eq(sessions.id, id));
  },

  listLive(db: Executor, userId: string, now: Date): Promise<SessionRow[]> {
    return db
      .select()
      .from(sessions)
      .where(
        and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
      )
      .orderBy(desc(sessions.lastUsedAt));
  },

  /** Ends one live session of the user and its refresh tokens; false when there is none. */
  async revoke(db: Executor, userId: string, id: string): Promise<boolean> {
    const now = new Date();
    const revoked = await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, id), isNull(refreshTokens.revokedAt)));
    return revoked.length > 0;
  },

  /** Ends every live session of the user but one; answers how many ended. */
  /** Ends the user's sessions but `keepId` (only those signed in by `method`, when given). */
  async revokeOthers(
    db: Executor,
    userId: string,
    keepId: string,
    method?: SignInMethod,
  ): Promise<number> {
    const now = new Date();
    const revoked = await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.userId, userId),
          ne(sessions.id, keepId),
          isNull(sessions.revokedAt),
          method ? eq(sessions.method, method) : undefined,
        ),
      )
      .returning({ id: sessions.id });
    if (revoked.length === 0) return 0;
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(refreshTokens.userId, userId),
          inArray(
            refreshTokens.familyId,
            revoked.map((row) => row.id),
          ),
          isNull(refreshTokens.revokedAt),
        ),
      );
    return revoked.length;
  },

  async revokeAllForUser(db: Executor, userId: string): Promise<void> {
    const now = new Date();
    await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  },
};
