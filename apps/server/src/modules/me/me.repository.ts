import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { userSettings } from '../../db/schema.js';

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
};
