import argon2 from 'argon2';
import { DomainError } from './errors.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

export type HashingCost = { memoryCost: number; timeCost: number; parallelism: number };
const BUSY_RETRY_SECONDS = 2;

/**
 * Argon2id in PHC format. At most a few hashes run at once so that a burst of logins
 * cannot exhaust memory (each takes memoryCost KiB), and only a bounded queue waits for
 * them: beyond it a request is refused at once (503, Retry-After) rather than piling up
 * behind a flood while a real sign-in times out.
 */
export class PasswordHasher {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Hashes and verifications started since this hasher was made (observability and tests). */
  started = 0;

  constructor(
    private readonly cost: HashingCost,
    private readonly maxConcurrent = 4,
    private readonly maxQueued = 32,
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
      if (this.waiting.length >= this.maxQueued) {
        throw new DomainError('SERVICE_UNAVAILABLE', API_MESSAGES.request.busy, BUSY_RETRY_SECONDS);
      }
      // The finishing hash hands its slot over directly, so nobody can overtake the queue.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    this.started += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
