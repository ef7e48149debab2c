import { type AnyColumn, type SQL, and, or, sql } from 'drizzle-orm';

/**
 * One part of a list's order: an expression and its direction, and how a cursor keeps its
 * value when the expression itself would not survive JSON exactly (a timestamp's microseconds).
 */
export type SortPart = { expression: SQL; descending?: boolean; value?: SQL };

/** The sort values of a row, as a JSON array a cursor can keep. */
export const keyOf = (parts: readonly SortPart[]) =>
  sql<(string | number)[]>`json_build_array(${sql.join(
    parts.map((part) => part.value ?? part.expression),
    sql`, `,
  )})`;

/** The ORDER BY of a sort. */
export const orderOf = (parts: readonly SortPart[]): SQL[] =>
  parts.map(({ expression, descending }) =>
    descending ? sql`${expression} desc` : sql`${expression} asc`,
  );

/**
 * Rows after a keyset position, whatever the mix of directions: (a > x) or (a = x and b > y)
 * … with > or < per part. The values are the last row's sort values, in order.
 */
export function keysetAfter(
  parts: readonly SortPart[],
  values: readonly (string | number)[],
): SQL | undefined {
  const branches = parts.map((part, index) => {
    const equalBefore = parts
      .slice(0, index)
      .map((earlier, position) => sql`${earlier.expression} = ${values[position]}`);
    const beyond = part.descending
      ? sql`${part.expression} < ${values[index]}`
      : sql`${part.expression} > ${values[index]}`;
    return and(...equalBefore, beyond);
  });
  return or(...branches);
}

/** A timestamp to the microsecond, as text: a keyset value that compares exactly. */
export const exactTimestamp = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
