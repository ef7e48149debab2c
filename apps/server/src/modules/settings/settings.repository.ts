import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { organizationSettings } from '../../db/schema.js';

export type OrganizationSettingsColumn = 'security' | 'platform' | 'notifications';

export const settingsRepository = {
  async find(
    db: Executor,
    organizationId: string,
    column: OrganizationSettingsColumn,
  ): Promise<unknown> {
    const [row] = await db
      .select({ value: organizationSettings[column] })
      .from(organizationSettings)
      .where(eq(organizationSettings.organizationId, organizationId));
    return row?.value ?? null;
  },

  async save(
    db: Executor,
    organizationId: string,
    column: OrganizationSettingsColumn,
    value: unknown,
  ): Promise<void> {
    await db
      .insert(organizationSettings)
      .values({ organizationId, [column]: value })
      .onConflictDoUpdate({
        target: organizationSettings.organizationId,
        set: { [column]: value, updatedAt: new Date() },
      });
  },
};
