/**
 * At most `limit` pieces of work at once per key in this process (say, model calls per
 * organization): one over it is refused at once rather than queued behind the others.
 */
export class KeyedConcurrency {
  private readonly running = new Map<string, number>();

  constructor(readonly limit: number) {}

  /** Takes a place for `key`: its release (safe to call twice), or null when all are taken. */
  tryAcquire(key: string): (() => void) | null {
    const count = this.running.get(key) ?? 0;
    if (count >= this.limit) return null;
    this.running.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(key) ?? 1) - 1;
      if (left > 0) this.running.set(key, left);
      else this.running.delete(key);
    };
  }

  /** How many run for `key` now. */
  count(key: string): number {
    return this.running.get(key) ?? 0;
  }
}
