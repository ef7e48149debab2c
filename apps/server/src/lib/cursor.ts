import { createHash } from 'node:crypto';
import { badRequest } from './errors.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

/** The keyset position a page ended at: the sort values of its last row, in sort order. */
export type CursorKey = readonly (string | number)[];

const fingerprint = (query: unknown): string =>
  createHash('sha256').update(JSON.stringify(query)).digest('base64url').slice(0, 12);

/**
 * Opaque page cursors for keyset paging: stable under inserts (a position, not an offset),
 * and bound to the query that made them, so a cursor reused with other filters or another
 * sort is refused instead of silently skipping rows.
 */
export const cursors = {
  encode(key: CursorKey, query: unknown): string {
    return Buffer.from(JSON.stringify({ k: key, q: fingerprint(query) })).toString('base64url');
  },

  decode(cursor: string, query: unknown): CursorKey {
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      throw badRequest(API_MESSAGES.cursor.invalid);
    }
    const { k, q } = (parsed ?? {}) as { k?: unknown; q?: unknown };
    const valid =
      Array.isArray(k) &&
      k.every((part) => typeof part === 'string' || typeof part === 'number') &&
      typeof q === 'string';
    if (!valid) throw badRequest(API_MESSAGES.cursor.invalid);
    if (q !== fingerprint(query)) throw badRequest(API_MESSAGES.cursor.otherQuery);
    return k;
  },
};

/** A decoded key checked part by part against the types its sort keeps, before a query. */
export function keyOfTypes(types: readonly ('number' | 'string')[], key: CursorKey): CursorKey {
  const valid = key.length === types.length && types.every((type, i) => typeof key[i] === type);
  if (!valid) throw badRequest(API_MESSAGES.cursor.invalid);
  return key;
}
