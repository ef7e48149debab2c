import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * A JSON object built by the database, keys in the given order and no whitespace, as
 * JSON.stringify writes it: the big lists skip row mapping and serialization in Node.
 */
export const jsonObject = (fields: Record<string, SQL>): SQL =>
  sql.join(
    [
      sql.raw(`'{'`),
      sql.join(
        Object.entries(fields).map(([key, value]) =>
          sql.join([sql.raw(`'${JSON.stringify(key)}:'`), value], sql.raw(' || ')),
        ),
        sql.raw(` || ',' || `),
      ),
      sql.raw(`'}'`),
    ],
    sql.raw(' || '),
  );

export const jsonValue = (column: SQL | AnyColumn) =>
  sql`coalesce(to_json(${column})::text, 'null')`;

/** A timestamp as toISOString writes it: UTC, milliseconds, Z (or null). */
export const jsonTimestamp = (column: AnyColumn) =>
  sql`coalesce('"' || to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')`;

/** `{"data":[...]}` of the rows, with the version (count and latest change) read in the same statement. */
export const listSnapshot = (updatedAt: AnyColumn, element: SQL, orderBy?: SQL) =>
  ({
    version: sql<string>`count(*) || '/' || coalesce(max(${updatedAt})::text, '')`,
    json: sql<string>`'{"data":[' || coalesce(string_agg(${element}, ','${orderBy ? sql` order by ${orderBy}` : sql``}), '') || ']}'`,
  }) as const;
