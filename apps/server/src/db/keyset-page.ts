import { type AnyColumn, type InferSelectModel, type SQL, and, asc, desc, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { SortDirection } from '@meridian/contracts';
import type { Executor } from './client.js';
import { type CursorKey, cursors } from '../lib/cursor.js';
import { badRequest } from '../lib/errors.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

/** One sort value of a keyset order, and how it travels in a cursor. */
export type KeyPart = { value: SQL | AnyColumn; kind: 'text' | 'timestamp' | 'uuid' | 'integer' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** As cursorText writes a timestamp (or a Date's toISOString): anything else is no position. */
const TIMESTAMP = /^(-?infinity|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z)$/;

/**
 * The value as the cursor keeps it. A timestamp keeps every microsecond (a Date keeps only
 * milliseconds, and a position that lost digits would skip rows); ±infinity stays as such.
 */
const cursorText = ({ value, kind }: KeyPart): SQL => {
  switch (kind) {
    case 'timestamp':
      return sql`coalesce(to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), ${value}::text)`;
    case 'uuid':
    case 'text':
    case 'integer':
      return sql`${value}::text`;
  }
};

/** A date that exists (Date.parse takes February 30 for March 2; PostgreSQL refuses it). */
const isRealInstant = (value: string) => {
  const time = Date.parse(value);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === value.slice(0, 19);
};

const fits = (kind: KeyPart['kind'], value: string | number): value is string => {
  if (typeof value !== 'string') return false;
  switch (kind) {
    case 'timestamp':
      return TIMESTAMP.test(value) && (value.endsWith('infinity') || isRealInstant(value));
    case 'uuid':
      return UUID.test(value);
    case 'text':
      // PostgreSQL text cannot hold NUL.
      return !value.includes('\u0000');
    case 'integer':
      return /^-?\d{1,9}$/.test(value);
  }
};

const typed = (kind: KeyPart['kind'], value: string): SQL => {
  switch (kind) {
    case 'timestamp':
      return sql`${value}::timestamptz`;
    case 'uuid':
      return sql`${value}::uuid`;
    case 'text':
      return sql`${value}::text`;
    case 'integer':
      return sql`${value}::int`;
  }
};

/**
 * A keyset order: sort values in one direction, the last of them unique (an id), so that
 * "the rows after this one" is exact, stable under inserts, and served by a row comparison.
 */
export class Keyset {
  constructor(
    private readonly parts: readonly KeyPart[],
    private readonly direction: SortDirection,
  ) {}

  orderBy(): SQL[] {
    return this.parts.map(({ value }) => (this.direction === 'asc' ? asc(value) : desc(value)));
  }

  /** The field to select: each row's position, to hand back in a cursor. */
  key(): SQL<string[]> {
    return sql<string[]>`array[${sql.join(this.parts.map(cursorText), sql`, `)}]::text[]`;
  }

  /**
   * Up to `limit` rows of the table that meet the conditions, in this order after `after`,
   * each with its position for a cursor.
   */
  async rows<T extends PgTable>(
    db: Executor,
    table: T,
    conditions: readonly (SQL | undefined)[],
    after: CursorKey | null,
    limit: number,
    /**
     * A table the order reads from, joined to each row (at most one row of it per row): left
     * (rows without one stay) or inner (only rows with one).
     */
    join?: { table: PgTable; on: SQL; inner?: boolean },
  ): Promise<{ item: InferSelectModel<T>; key: CursorKey }[]> {
    // Drizzle cannot type a select from a table it is given generically; the rows are T's.
    const source: PgTable = table;
    const query = db.select({ item: source, key: this.key() }).from(source);
    const joined = join
      ? join.inner
        ? query.innerJoin(join.table, join.on)
        : query.leftJoin(join.table, join.on)
      : query;
    const rows = await joined
      .where(and(...conditions, after ? this.after(after) : undefined))
      .orderBy(...this.orderBy())
      .limit(limit);
    return rows as unknown as { item: InferSelectModel<T>; key: CursorKey }[];
  }

  /** The rows after `key` in this order; a key that does not fit the order is refused (400). */
  after(key: CursorKey): SQL {
    if (key.length !== this.parts.length) throw badRequest(API_MESSAGES.cursor.invalid);
    const values = this.parts.map(({ kind }, index) => {
      const value = key[index];
      if (value === undefined || !fits(kind, value)) throw badRequest(API_MESSAGES.cursor.invalid);
      return typed(kind, value);
    });
    const columns = sql.join(
      this.parts.map(({ value }) => sql`${value}`),
      sql`, `,
    );
    const operator = this.direction === 'asc' ? sql`>` : sql`<`;
    return sql`(${columns}) ${operator} (${sql.join(values, sql`, `)})`;
  }
}

/** One page of a list and where the next one starts (null on the last page). */
export type KeysetPage<T> = { items: T[]; nextCursor: string | null };

/**
 * Runs one page of a keyset-ordered list: reads the cursor (which must belong to `query`: the
 * filters and the sort, never the page size), loads one row more than the page to learn
 * whether another follows, and makes the cursor of the next page from the last row shown.
 */
export async function keysetPage<T>(
  page: { limit: number; cursor?: string | undefined },
  query: unknown,
  load: (after: CursorKey | null, limit: number) => Promise<{ item: T; key: CursorKey }[]>,
): Promise<KeysetPage<T>> {
  const after = page.cursor ? cursors.decode(page.cursor, query) : null;
  const rows = await load(after, page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    items: shown.map((row) => row.item),
    nextCursor: rows.length > page.limit && last ? cursors.encode(last.key, query) : null,
  };
}
