import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { apiKeys, users } from '../../db/schema.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

const listed = {
  key: apiKeys,
  createdBy: users.email,
};

/** An organization's API keys; every query is scoped by the organization. */
export const apiKeysRepository = {
  list(db: Executor, organizationId: string) {
    return db
      .select(listed)
      .from(apiKeys)
      .leftJoin(users, eq(users.id, apiKeys.createdBy))
      .where(eq(apiKeys.organizationId, organizationId))
      .orderBy(desc(apiKeys.createdAt));
  },

  async find(db: Executor, organizationId: string, id: string) {
    const [row] = await db
      .select(listed)
      .from(apiKeys)
      .leftJoin(users, eq(users.id, apiKeys.createdBy))
      .where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.id, id)));
    return row;
  },

  async insert(db: Executor, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
    const [row] = await db.insert(apiKeys).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async revoke(db: Executor, organizationId: string, id: string): Promise<void> {
    await db
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(apiKeys.organizationId, organizationId),
          eq(apiKeys.id, id),
          isNull(apiKeys.revokedAt),
        ),
      );
  },

  /** The live key with this digest, marked as used now. */
  async use(db: Executor, secretHash: string): Promise<ApiKeyRow | undefined> {
    const [row] = await db
      .update(apiKeys)
      .set({ lastUsedAt: new Date() })
      .where(and(eq(apiKeys.secretHash, secretHash), isNull(apiKeys.revokedAt)))
      .returning();
    return row;
  },
};
