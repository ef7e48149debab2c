import type { z } from 'zod';

const SLICE_LENGTH = 2_000;

/** Gives the browser a turn (input, paint) between two pieces of long work. */
export const yieldToBrowser = (): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, 0);
  });

/**
 * The items of a `{data: [...]}` reply checked against their schema a slice at a time, with a
 * turn for the browser between slices, so that a list of 10,000 never blocks the page in one
 * long task. Null when the reply has another shape or any item does not match.
 */
export async function parseListReply<T>(item: z.ZodType<T>, body: unknown): Promise<T[] | null> {
  if (typeof body !== 'object' || body === null || !('data' in body)) return null;
  const { data } = body;
  if (!Array.isArray(data)) return null;
  const items: T[] = [];
  for (const [index, element] of data.entries()) {
    if (index > 0 && index % SLICE_LENGTH === 0) await yieldToBrowser();
    const parsed = item.safeParse(element);
    if (!parsed.success) return null;
    items.push(parsed.data);
  }
  return items;
}
