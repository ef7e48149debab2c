import argon2 from 'argon2';

export type HashingCost = { memoryCost: number; timeCost: number; parallelism: number };

/**
 * Argon2id in PHC format. At most a few hashes run at once so that a burst of logins
 * cannot exhaust memory (each takes memoryCost KiB).
 */
export class PasswordHasher {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly cost: HashingCost,
    private readonly maxConcurrent = 4,
  ) {}

  hash(password: string): Promise<string> {
    return this.limited(() => argon2.hash(password, { type: argon2.argon2id, ...this.cost }));
  }

  verify(hash: string, password: string): Promise<boolean> {
    return this.limited(() => argon2.verify(hash, password).catch(() => false));
  }

  /** True when a stored hash was made with weaker settings than the current ones. */
  needsRehash(hash: string): boolean {
    return argon2.needsRehash(hash, { ...this.cost });
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.maxConcurrent) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}
