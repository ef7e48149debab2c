/**
 * What one instance remembers of rows the database announces changes to (triggers →
 * `pg_notify` on commit → LISTEN on every instance), so that a request costs no query while
 * nothing changed. Each entry belongs to a group (a user, an organization): `changed` drops
 * the group's entries, or every entry ('*').
 *
 * A read that started before a change must not store what it read: each change bumps a
 * generation, and `store` keeps an entry only if no change came since its read began. While
 * the instance is not listening (connection lost, not yet started), nothing is cached.
 */
/** What hears a channel's changes: a group (a user, an organization) or every one ('*'). */
export type ChangeFollower = {
  changed(group: string): void;
  /** Whether changes reach this instance now; false while the listening connection is down. */
  setListening(listening: boolean): void;
};

export class NotifiedCache<T> implements ChangeFollower {
  private readonly entries = new Map<string, { value: T; group: string; storedAt: number }>();
  private readonly keysByGroup = new Map<string, Set<string>>();
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
      this.remove(key, entry.group);
      return undefined;
    }
    return entry.value;
  }

  store(key: string, group: string, value: T, readAt: number): void {
    if (!this.listening || readAt !== this.generation) return;
    if (this.entries.size >= this.options.maxEntries) {
      // Maps keep insertion order: the oldest entry goes.
      const oldest = this.entries.entries().next().value;
      if (oldest) this.remove(oldest[0], oldest[1].group);
    }
    this.entries.set(key, { value, group, storedAt: this.now() });
    let keys = this.keysByGroup.get(group);
    if (!keys) this.keysByGroup.set(group, (keys = new Set()));
    keys.add(key);
  }

  /** The kept value, or what `load` reads (kept unless a change overtook the read). */
  async through(key: string, group: string, load: () => Promise<T>): Promise<T> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const readAt = this.begin();
    const value = await load();
    this.store(key, group, value, readAt);
    return value;
  }

  /** A group's rows changed ('*': anyone's may have). */
  changed(group: string): void {
    this.generation += 1;
    if (group === '*') {
      this.entries.clear();
      this.keysByGroup.clear();
      return;
    }
    for (const key of this.keysByGroup.get(group) ?? []) this.entries.delete(key);
    this.keysByGroup.delete(group);
  }

  /** Whether changes reach this instance: caching only while they do. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.changed('*');
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string, group: string): void {
    this.entries.delete(key);
    this.keysByGroup.get(group)?.delete(key);
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
