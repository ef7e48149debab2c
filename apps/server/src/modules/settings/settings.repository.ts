import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { organizationSettings, organizations } from '../../db/schema.js';

export type OrganizationSettingsColumn = 'security' | 'platform' | 'notifications' | 'currency';

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

  /** The security documents of the live organizations at an e-mail domain. */
  async securityByDomain(db: Executor, domain: string): Promise<unknown[]> {
    const rows = await db
      .select({ value: organizationSettings.security })
      .from(organizations)
      .leftJoin(organizationSettings, eq(organizationSettings.organizationId, organizations.id))
      .where(and(eq(sql`lower(${organizations.domain})`, domain), isNull(organizations.deletedAt)));
    return rows.map((row) => row.value);
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
