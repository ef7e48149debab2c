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
 * long task. A malformed item is skipped (and counted in the console), never the whole list
 * lost for it; null only when the reply has another shape.
 */
export async function parseListReply<T>(item: z.ZodType<T>, body: unknown): Promise<T[] | null> {
  if (typeof body !== 'object' || body === null || !('data' in body)) return null;
  const { data } = body;
  if (!Array.isArray(data)) return null;
  const items: T[] = [];
  let skipped = 0;
  for (const [index, element] of data.entries()) {
    if (index > 0 && index % SLICE_LENGTH === 0) await yieldToBrowser();
    const parsed = item.safeParse(element);
    if (parsed.success) items.push(parsed.data);
    else skipped += 1;
  }
  if (skipped > 0) console.warn(`Skipped ${skipped} malformed record(s) of ${data.length}`);
  return items;
}
