import * as API_MESSAGES from '@meridian/contracts/messages';

/** Deeper than any body Meridian reads (a GeoJSON MultiPolygon inside a document is 6). */
export const MAX_JSON_DEPTH = 32;
export const DEPTH_MESSAGE = API_MESSAGES.request.tooDeep(MAX_JSON_DEPTH);

const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text nests arrays and objects deeper than `max`, read in one pass before it is
 * parsed: a body of half a million brackets is refused at the cost of reading it, never walked
 * recursively. Brackets inside strings do not count.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) depth -= 1;
  }
  return false;
}

/**
 * PostgreSQL text cannot hold the NUL character: a string carrying one would fail deep in a
 * query. Answers the path of the first such string (or key) in a parsed body, else null. Walks
 * with its own stack, so no depth of input can overflow the call stack.
 */
export function nulPath(value: unknown, path = 'body'): string | null {
  const pending: [unknown, string][] = [[value, path]];
  while (pending.length > 0) {
    const [item, at] = pending.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return at;
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i -= 1) pending.push([item[i], `${at}[${i}]`]);
    } else if (item && typeof item === 'object') {
      const entries: [string, unknown][] = Object.entries(item);
      if (entries.some(([key]) => key.includes('\u0000'))) return at;
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i]!;
        pending.push([child, `${at}.${key}`]);
      }
    }
  }
  return null;
}
