import type { z } from 'zod';

/**
 * Reads a stored settings document: the defaults, overlaid with what was saved when it still
 * matches today's schema (a document from an older shape falls back to the defaults).
 */
export function readSettings<T extends z.ZodType<Record<string, unknown>>>(
  schema: T,
  defaults: z.infer<T>,
  stored: unknown,
): z.infer<T> {
  if (stored === null || stored === undefined) return defaults;
  const parsed = schema.safeParse({ ...defaults, ...stored });
  return parsed.success ? parsed.data : defaults;
}
