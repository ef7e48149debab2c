import { asc, eq, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { incidents, sources } from '../../db/schema.js';

export type SourceRow = typeof sources.$inferSelect;
export type NewSource = typeof sources.$inferInsert;

const incidentCount = sql<number>`(select count(*)::int from ${incidents} where ${incidents.source} = ${sources.key})`;

/** Rows a raw query returned, in either driver. */

export const sourcesRepository = {
  list(db: Executor) {
    return db.select({ source: sources, incidentCount }).from(sources).orderBy(asc(sources.name));
  },

  async find(db: Executor, id: string) {
    const [row] = await db
      .select({ source: sources, incidentCount })
      .from(sources)
      .where(eq(sources.id, id));
    return row;
  },

  async findByName(db: Executor, name: string) {
    const [row] = await db
      .select({ id: sources.id })
      .from(sources)
      .where(sql`lower(${sources.name}) = lower(${name})`);
    return row;
  },

  async insert(db: Executor, values: NewSource): Promise<SourceRow> {
    const [row] = await db.insert(sources).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  /** Inserts what is not there yet (by key); answers how many were new. */
  async insertMissing(db: Executor, values: NewSource[]): Promise<number> {
    if (values.length === 0) return 0;
    const rows = await db
      .insert(sources)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: sources.id });
    return rows.length;
  },

  async update(
    db: Executor,
    id: string,
    values: Partial<NewSource>,
  ): Promise<SourceRow | undefined> {
    const [row] = await db
      .update(sources)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(sources.id, id))
      .returning();
    return row;
  },

  async delete(db: Executor, id: string): Promise<void> {
    await db.delete(sources).where(eq(sources.id, id));
  },

  /**
   * The next enabled source due for a poll, leased to the caller until `leaseMs` from now:
   * one statement that skips rows another instance is claiming, so exactly one gets it.
   */
  async claimDue(db: Executor, leaseMs: number): Promise<SourceRow | undefined> {
    const result = await db.execute(sql`
      update ${sources} set next_poll_at = now() + ${`${leaseMs} milliseconds`}::interval,
        last_polled_at = now()
      where id = (
        select id from ${sources} where enabled and next_poll_at <= now()
        order by next_poll_at, id limit 1 for update skip locked
      )
      returning id`);
    const id = rowsOf<{ id: string }>(result)[0]?.id;
    if (!id) return undefined;
    const [row] = await db.select().from(sources).where(eq(sources.id, id));
    return row;
  },

  async recordSuccess(
    db: Executor,
    id: string,
    values: Pick<NewSource, 'etag' | 'lastModified' | 'itemCount' | 'skippedCount'> & {
      intervalSeconds: number;
    },
  ): Promise<void> {
    await db
      .update(sources)
      .set({
        ...(values.etag !== undefined ? { etag: values.etag } : {}),
        ...(values.lastModified !== undefined ? { lastModified: values.lastModified } : {}),
        ...(values.itemCount !== undefined ? { itemCount: values.itemCount } : {}),
        ...(values.skippedCount !== undefined ? { skippedCount: values.skippedCount } : {}),
        failures: 0,
        lastSuccessAt: sql`now()`,
        nextPollAt: sql`now() + ${`${values.intervalSeconds} seconds`}::interval`,
      })
      .where(eq(sources.id, id));
  },

  /** Failed: the error kept for the screen, the next try after `retryMs`. */
  async recordFailure(db: Executor, id: string, error: string, retryMs: number): Promise<void> {
    await db
      .update(sources)
      .set({
        failures: sql`${sources.failures} + 1`,
        lastError: error.slice(0, 1000),
        lastErrorAt: sql`now()`,
        nextPollAt: sql`now() + ${`${retryMs} milliseconds`}::interval`,
      })
      .where(eq(sources.id, id));
  },
};
