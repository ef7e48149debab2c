import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { OWASP_ARGON2ID, loadConfig } from '../config.js';
import type { DomainError } from './errors.js';
import { PasswordHasher } from './passwords.js';

describe('PasswordHasher', () => {
  it('hashes with argon2id m=19456 KiB, t=2, p=1 in PHC format by default', async () => {
    const config = loadConfig({});
    expect(config.passwordHashing).toEqual(OWASP_ARGON2ID);
    const hasher = new PasswordHasher(config.passwordHashing);
    const hash = await hasher.hash('correct-horse-battery-staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$[^$]+\$[^$]+$/);
    expect(await hasher.verify(hash, 'correct-horse-battery-staple')).toBe(true);
    expect(await hasher.verify(hash, 'correct-horse-battery-stapl')).toBe(false);
    expect(hasher.needsRehash(hash)).toBe(false);
    const weaker = await argon2.hash('x', { type: argon2.argon2id, memoryCost: 4096, timeCost: 1 });
    expect(hasher.needsRehash(weaker)).toBe(true);
  });

  it('never runs more hashes at once than its cap', async () => {
    const hasher = new PasswordHasher({ memoryCost: 4096, timeCost: 1, parallelism: 1 }, 2);
    let running = 0;
    let peak = 0;
    const original = argon2.hash;
    const spy = (async (...args: Parameters<typeof argon2.hash>) => {
      running += 1;
      peak = Math.max(peak, running);
      try {
        return await original(...args);
      } finally {
        running -= 1;
      }
    }) as typeof argon2.hash;
    argon2.hash = spy;
    try {
      await Promise.all(Array.from({ length: 8 }, (_, i) => hasher.hash(`password-${i}`)));
    } finally {
      argon2.hash = original;
    }
    expect(peak).toBe(2);
  });
});

describe('PasswordHasher queue', () => {
  it('refuses at once with 503 and Retry-After when the queue is full, and recovers', async () => {
    const hasher = new PasswordHasher({ memoryCost: 4096, timeCost: 1, parallelism: 1 }, 1, 2);
    const settled = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => hasher.hash(`password-${i}`)),
    );
    const refused = settled.filter((result) => result.status === 'rejected');
    // One runs, two wait, three are refused.
    expect(refused).toHaveLength(3);
    for (const result of refused) {
      const error = result.reason as DomainError;
      expect(error.code).toBe('SERVICE_UNAVAILABLE');
      expect(error.retryAfterSeconds).toBeGreaterThan(0);
    }
    expect(hasher.started).toBe(3);
    await expect(hasher.hash('after-the-burst')).resolves.toMatch(/^\$argon2id\$/);
  });
});
