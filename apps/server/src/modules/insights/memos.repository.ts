import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { memoRevisions, memos } from '../../db/schema.js';

export type MemoRow = typeof memos.$inferSelect;
export type MemoRevisionRow = typeof memoRevisions.$inferSelect;

/** Memos and their earlier texts, always scoped by organization. */
export const memosRepository = {
  /** An incident's memos, newest first. */
  listOf(db: Executor, organizationId: string, incidentId: string): Promise<MemoRow[]> {
    return db
      .select()
      .from(memos)
      .where(and(eq(memos.organizationId, organizationId), eq(memos.incidentId, incidentId)))
      .orderBy(desc(memos.createdAt), desc(memos.id));
  },

  async find(
    db: Executor,
    organizationId: string,
    id: string,
    lock = false,
  ): Promise<MemoRow | undefined> {
    const query = db
      .select()
      .from(memos)
      .where(and(eq(memos.organizationId, organizationId), eq(memos.id, id)));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  /** Earlier texts of the memos, newest first. */
  revisionsOf(db: Executor, memoIds: readonly string[]): Promise<MemoRevisionRow[]> {
    if (memoIds.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(memoRevisions)
      .where(inArray(memoRevisions.memoId, [...memoIds]))
      .orderBy(desc(memoRevisions.id));
  },

  async insert(
    db: Executor,
    row: Pick<MemoRow, 'organizationId' | 'incidentId' | 'body' | 'authorId' | 'editorId'>,
  ): Promise<MemoRow> {
    const [inserted] = await db.insert(memos).values(row).returning();
    if (!inserted) throw new Error('memo insert returned nothing');
    return inserted;
  },

  /** New text, the one it replaces kept as a revision by whoever had written it. */
  async replaceBody(
    db: Executor,
    before: MemoRow,
    body: string,
    editorId: string,
  ): Promise<MemoRow> {
    await db.insert(memoRevisions).values({
      memoId: before.id,
      body: before.body,
      editorId: before.editorId ?? before.authorId,
      replacedAt: sql`clock_timestamp()`,
    });
    const [row] = await db
      .update(memos)
      .set({ body, editorId, updatedAt: sql`clock_timestamp()` })
      .where(eq(memos.id, before.id))
      .returning();
    if (!row) throw new Error('memo update returned nothing');
    return row;
  },

  async delete(db: Executor, id: string): Promise<void> {
    await db.delete(memos).where(eq(memos.id, id));
  },
};
