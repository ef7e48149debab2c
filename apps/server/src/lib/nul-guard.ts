export const NUL_MESSAGE = 'text may not contain the NUL character (\\u0000)';

/**
 * PostgreSQL text cannot hold the NUL character: a string carrying one would fail deep in a
 * query. Answers the path of the first such string (or key) in a parsed body, else null.
 */
export function nulPath(value: unknown, path = 'body'): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = nulPath(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return path;
      const found = nulPath(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return null;
}
