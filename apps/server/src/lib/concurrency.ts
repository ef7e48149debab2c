/** Runs `work` on every item, at most `limit` at once; resolves when all are done. */
export async function mapWithConcurrency<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Calls of `roundTrip` for callers that each need one that starts after their call (a barrier):
 * one runs at a time, and every caller that arrives while it runs shares the next one.
 */
export function sharedRoundTrip(roundTrip: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const start = () => {
    const trip = roundTrip().finally(() => {
      if (running === trip) running = null;
    });
    running = trip;
    return trip;
  };
  return () => {
    if (next) return next;
    if (!running) return start();
    next = running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
}
