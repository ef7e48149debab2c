import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { oneTimeChallenges } from '../../db/one-time-challenges.js';
import { loginChallenges, twoFactorRecoveryCodes, userTwoFactor } from '../../db/schema.js';

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;

/** Queries only: every one names the user it reads or writes. */
export const twoFactorRepository = {
  async find(db: Executor, userId: string): Promise<TwoFactorRow | undefined> {
    const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
    return row;
  },

  async isEnabled(db: Executor, userId: string): Promise<boolean> {
    const row = await this.find(db, userId);
    return row?.enabledAt != null;
  },

  /** Starts (or restarts) a setup: a new secret, not yet enabled. */
  async savePending(db: Executor, userId: string, secretSealed: string): Promise<void> {
    const pending = { secretSealed, enabledAt: null, lastUsedStep: null, updatedAt: new Date() };
    await db
      .insert(userTwoFactor)
      .values({ userId, ...pending })
      .onConflictDoUpdate({ target: userTwoFactor.userId, set: pending });
  },

  /** Enables a pending setup; false when it was enabled (or removed) meanwhile. */
  async enable(db: Executor, userId: string, step: number): Promise<boolean> {
    const rows = await db
      .update(userTwoFactor)
      .set({ enabledAt: new Date(), lastUsedStep: step, updatedAt: new Date() })
      .where(and(eq(userTwoFactor.userId, userId), isNull(userTwoFactor.enabledAt)))
      .returning({ userId: userTwoFactor.userId });
    return rows.length > 0;
  },

  /** Records a used step; false when that step (or a later one) was used already: a replay. */
  async useStep(db: Executor, userId: string, step: number): Promise<boolean> {
    const rows = await db
      .update(userTwoFactor)
      .set({ lastUsedStep: step, updatedAt: new Date() })
      .where(
        and(
          eq(userTwoFactor.userId, userId),
          or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
        ),
      )
      .returning({ userId: userTwoFactor.userId });
    return rows.length > 0;
  },

  async remove(db: Executor, userId: string): Promise<void> {
    await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  },

  async replaceRecoveryCodes(db: Executor, userId: string, hashes: string[]): Promise<void> {
    await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await db
      .insert(twoFactorRecoveryCodes)
      .values(hashes.map((codeHash) => ({ userId, codeHash })));
  },

  async recoveryCodesLeft(db: Executor, userId: string): Promise<number> {
    const [row] = await db
      .select({ left: count() })
      .from(twoFactorRecoveryCodes)
      .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
    return row?.left ?? 0;
  },

  /** Marks a recovery code used; false when it was unknown or used already. */
  async useRecoveryCode(db: Executor, userId: string, codeHash: string): Promise<boolean> {
    const rows = await db
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(this.unusedCode(userId, codeHash))
      .returning({ id: twoFactorRecoveryCodes.id });
    return rows.length > 0;
  },

  unusedCode: (userId: string, codeHash: string) =>
    and(
      eq(twoFactorRecoveryCodes.userId, userId),
      eq(twoFactorRecoveryCodes.codeHash, codeHash),
      isNull(twoFactorRecoveryCodes.usedAt),
    ),
};

/** The second sign-in steps waiting for their code. */
export const loginChallengesRepository = oneTimeChallenges(loginChallenges);
