import { type SQL, and, count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

/** A table whose rows belong to one organization each, by id. */
type OwnedTable = PgTable & { id: PgColumn; organizationId: PgColumn };

/**
 * One row of an organization's, by id (undefined when it is not there or is another's);
 * `lock`: FOR UPDATE, for a change read and written in one transaction.
 */
export async function findOwned<T extends OwnedTable>(
  db: Executor,
  table: T,
  organizationId: string,
  id: string,
  lock = false,
): Promise<T['$inferSelect'] | undefined> {
  // Drizzle cannot type a select from a table it is given generically; the rows are T's.
  const source: PgTable = table;
  const query = db
    .select()
    .from(source)
    .where(and(eq(table.organizationId, organizationId), eq(table.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** How many rows meet the conditions (a list's total). */
export async function countWhere(
  db: Executor,
  table: PgTable,
  conditions: readonly (SQL | undefined)[],
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(table)
    .where(and(...conditions));
  return row?.total ?? 0;
}
