import { vi } from 'vitest';

export type PollOptions = { timeout?: number; interval?: number };

/**
 * What `read` answers once `check` holds, for work that finishes in the background (alerts
 * fanned out, caches told of a change): Vitest's `vi.waitFor` retries it every `interval` ms
 * for at most `timeout` ms, then fails with the last value read. For a yes/no condition,
 * `expect.poll(...).toBe(true)` says the same without this.
 */
export function until<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  { timeout = 15_000, interval = 100 }: PollOptions = {},
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!check(value)) throw new Error(`not reached in time: ${JSON.stringify(value)}`);
      return value;
    },
    { timeout, interval },
  );
}
