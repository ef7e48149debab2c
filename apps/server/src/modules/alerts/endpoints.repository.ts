import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { alertEndpoints } from '../../db/schema.js';

export type EndpointRow = typeof alertEndpoints.$inferSelect;
/** What an admin changes of an endpoint (its address, thresholds, Slack app). */
type Changeable =
  | 'name'
  | 'url'
  | 'minSeverity'
  | 'minPriority'
  | 'enabled'
  | 'slackBotToken'
  | 'slackBotTokenEnding'
  | 'slackChannel';
type NewEndpoint = Pick<
  typeof alertEndpoints.$inferInsert,
  'organizationId' | 'kind' | 'secret' | Changeable
>;

const live = (organizationId: string) =>
  and(eq(alertEndpoints.organizationId, organizationId), isNull(alertEndpoints.deletedAt));

/** An organization's integrations; removed ones stay for their delivery log, out of sight. */
export const endpointsRepository = {
  async list(db: Executor, organizationId: string): Promise<EndpointRow[]> {
    return db
      .select()
      .from(alertEndpoints)
      .where(live(organizationId))
      .orderBy(asc(alertEndpoints.createdAt), asc(alertEndpoints.id));
  },

  async find(db: Executor, organizationId: string, id: string): Promise<EndpointRow | undefined> {
    const [row] = await db
      .select()
      .from(alertEndpoints)
      .where(and(live(organizationId), eq(alertEndpoints.id, id)));
    return row;
  },

  async insert(db: Executor, row: NewEndpoint): Promise<EndpointRow> {
    const [inserted] = await db.insert(alertEndpoints).values(row).returning();
    if (!inserted) throw new Error('endpoint insert returned nothing');
    return inserted;
  },

  async update(
    db: Executor,
    id: string,
    changes: Partial<Pick<EndpointRow, Changeable>>,
  ): Promise<EndpointRow> {
    const [row] = await db
      .update(alertEndpoints)
      .set({
        ...changes,
        updatedAt: new Date(),
        // A new address (or Slack app) starts with a clean bill of health.
        ...(changes.url || changes.slackBotToken
          ? { consecutiveFailures: 0, lastError: null }
          : {}),
      })
      .where(eq(alertEndpoints.id, id))
      .returning();
    if (!row) throw new Error('endpoint update returned nothing');
    return row;
  },

  async remove(db: Executor, id: string, now: Date): Promise<void> {
    await db
      .update(alertEndpoints)
      .set({ deletedAt: now, enabled: false })
      .where(eq(alertEndpoints.id, id));
  },
};
