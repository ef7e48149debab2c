/**
 * What one instance remembers of the rows behind a bearer token (user, session, organization,
 * second factor), so that a request costs no query while nothing changed. The database says
 * when something did (the `meridian_access` triggers, delivered on commit to every instance);
 * `changed` drops the user's entries, or every entry.
 *
 * A read that started before a change must not store what it read: each change bumps a
 * generation, and `store` keeps an entry only if no change came since its read began. While
 * the instance is not listening (connection lost, not yet started), nothing is cached.
 */
export class AccessCache<T> {
  private readonly entries = new Map<string, { value: T; userId: string; storedAt: number }>();
  private readonly keysByUser = new Map<string, Set<string>>();
  private generation = 0;
  private listening = false;

  constructor(
    private readonly options: {
      maxEntries: number;
      /** A safety net: an entry is never older than this, notification or not. */
      maxAgeMs: number;
      now?: () => number;
    },
  ) {}

  /** The generation a read starts at; pass it to `store` with what was read. */
  begin(): number {
    return this.generation;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt > this.options.maxAgeMs) {
      this.remove(key, entry.userId);
      return undefined;
    }
    return entry.value;
  }

  store(key: string, userId: string, value: T, readAt: number): void {
    if (!this.listening || readAt !== this.generation) return;
    if (this.entries.size >= this.options.maxEntries) {
      // Maps keep insertion order: the oldest entry goes.
      const oldest = this.entries.entries().next().value;
      if (oldest) this.remove(oldest[0], oldest[1].userId);
    }
    this.entries.set(key, { value, userId, storedAt: this.now() });
    let keys = this.keysByUser.get(userId);
    if (!keys) this.keysByUser.set(userId, (keys = new Set()));
    keys.add(key);
  }

  /** A user's rows changed ('*': an organization or its policy, so anyone's may have). */
  changed(userId: string): void {
    this.generation += 1;
    if (userId === '*') {
      this.entries.clear();
      this.keysByUser.clear();
      return;
    }
    for (const key of this.keysByUser.get(userId) ?? []) this.entries.delete(key);
    this.keysByUser.delete(userId);
  }

  /** Whether changes reach this instance: caching only while they do. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.changed('*');
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string, userId: string): void {
    this.entries.delete(key);
    this.keysByUser.get(userId)?.delete(key);
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
