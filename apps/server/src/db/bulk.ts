import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

/** One column of a bulk insert: where the value comes from and its PostgreSQL type. */
export type BulkColumn<Row> = {
  column: PgColumn;
  type: 'text' | 'uuid' | 'float8' | 'int4' | 'bool' | 'timestamptz' | 'jsonb';
  value: (row: Row) => string | number | boolean | null;
};

/** The columns as names, and the rows as one array parameter per column (for unnest). */
const columnArrays = <Row>(columns: readonly BulkColumn<Row>[], rows: readonly Row[]) => ({
  names: sql.join(
    columns.map(({ column }) => sql.identifier(column.name)),
    sql`, `,
  ),
  arrays: sql.join(
    columns.map(({ type, value }) => sql`${sql.param(rows.map(value))}::${sql.raw(type)}[]`),
    sql`, `,
  ),
});

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
  const { names, arrays } = columnArrays(columns, rows);
  const result = await db.execute(
    sql`insert into ${table} (${names}) select * from unnest(${arrays}) on conflict do nothing returning 1`,
  );
  return returnedRows(result);
}

export type UpsertTarget = {
  /** The unique index's columns, and its predicate when it is partial. */
  columns: readonly PgColumn[];
  where?: SQL;
  /** What an existing row takes from the new one; `updated_at` is always set to now. */
  update: readonly PgColumn[];
  /** The key column answered for each row. */
  returning: PgColumn;
};

/** Rows per statement: bounded parameters, and a point to report progress at. */
export const UPSERT_BATCH = 2_000;

/**
 * INSERT … SELECT FROM unnest … ON CONFLICT DO UPDATE, in batches: each row created, or
 * updated by its unique key. Answers each row's key and whether it was created (xmax = 0:
 * no earlier version of the row existed), in the rows' order.
 */
export async function bulkUpsert<Row>(
  db: Executor,
  table: PgTable,
  columns: readonly BulkColumn<Row>[],
  rows: readonly Row[],
  target: UpsertTarget,
  onBatch?: (done: number) => Promise<void> | void,
): Promise<{ key: string; created: boolean }[]> {
  const answers: { key: string; created: boolean }[] = [];
  const set = sql.join(
    [
      ...target.update.map(
        (column) => sql`${sql.identifier(column.name)} = excluded.${sql.identifier(column.name)}`,
      ),
      sql`updated_at = now()`,
    ],
    sql`, `,
  );
  const conflict = sql.join(
    target.columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += UPSERT_BATCH) {
    const batch = rows.slice(start, start + UPSERT_BATCH);
    const { names, arrays } = columnArrays(columns, batch);
    // unnest keeps the arrays' order and so does RETURNING for a plain INSERT … SELECT.
    const result = await db.execute<{ key: string; created: boolean }>(
      sql`insert into ${table} (${names}) select * from unnest(${arrays})
        on conflict (${conflict})${target.where ? sql` where ${target.where}` : sql``}
        do update set ${set}
        returning ${sql.identifier(target.returning.name)}::text as key, (xmax = 0) as created`,
    );
    answers.push(...(result as { rows: { key: string; created: boolean }[] }).rows);
    await onBatch?.(start + batch.length);
  }
  return answers;
}
