import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';

/** One column of a bulk insert: where the value comes from and its PostgreSQL type. */
export type BulkColumn<Row> = {
  column: PgColumn;
  type: 'text' | 'uuid' | 'float8' | 'timestamptz';
  value: (row: Row) => string | number | null;
};

/** Both drivers answer a raw query with { rows }; the driver-neutral type says only unknown. */
const returnedRows = (result: unknown): number =>
  typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)
    ? result.rows.length
    : 0;

/**
 * INSERT … SELECT FROM unnest(arrays): one parameter per column instead of one per value,
 * about four times faster than a multi-row VALUES list on PGlite and lighter on PostgreSQL.
 * Rows that already exist are skipped; answers how many were inserted.
 */
export async function bulkInsert<Row>(
  db: Executor,
  table: PgTable,
  columns: readonly BulkColumn<Row>[],
  rows: readonly Row[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const names = sql.join(
    columns.map(({ column }) => sql.identifier(column.name)),
    sql`, `,
  );
  const arrays: SQL[] = columns.map(
    ({ type, value }) => sql`${sql.param(rows.map(value))}::${sql.raw(type)}[]`,
  );
  const result = await db.execute(
    sql`insert into ${table} (${names}) select * from unnest(${sql.join(arrays, sql`, `)}) on conflict do nothing returning 1`,
  );
  return returnedRows(result);
}
