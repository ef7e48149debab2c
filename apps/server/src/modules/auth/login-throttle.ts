import { and, count, eq, gt, lt, max, min } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { loginAttempts } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';

const MINUTE = 60_000;

/** The numbers of OWASP ASVS level 2 that we hold ourselves to (see README, "Sign-in throttling"). */
export const LOGIN_THROTTLE = {
  perAccountAndIp: { failures: 5, windowMs: 15 * MINUTE },
  perIp: { failures: 10, windowMs: 10 * MINUTE },
  perAccount: { failures: 100, windowMs: 60 * MINUTE },
  /** An IP that signed into the account lately is trusted past the account-wide cap. */
  knownIpMs: 30 * 24 * 60 * MINUTE,
  keepMs: 31 * 24 * 60 * MINUTE,
} as const;

/**
 * Counts failed sign-ins in the database, so every instance sees the same counts. Only
 * failures count; a success resets the account+IP count.
 */
export class LoginThrottle {
  constructor(private readonly db: Database) {}

  /** Throws 429 with Retry-After when this attempt must not even be evaluated. */
  async assertAllowed(email: string, ip: string, now = new Date()): Promise<void> {
    const { perAccountAndIp, perIp, perAccount, knownIpMs } = LOGIN_THROTTLE;
    const lastSuccess = await this.lastSuccess(email, ip);
    const accountIpSince = new Date(
      Math.max(now.getTime() - perAccountAndIp.windowMs, lastSuccess?.getTime() ?? 0),
    );
    const checks: [Parameters<typeof and>[0][], number, number][] = [
      [
        [
          eq(loginAttempts.email, email),
          eq(loginAttempts.ip, ip),
          gt(loginAttempts.createdAt, accountIpSince),
        ],
        perAccountAndIp.failures,
        perAccountAndIp.windowMs,
      ],
      [
        [
          eq(loginAttempts.ip, ip),
          gt(loginAttempts.createdAt, new Date(now.getTime() - perIp.windowMs)),
        ],
        perIp.failures,
        perIp.windowMs,
      ],
    ];
    const knownIp = lastSuccess !== undefined && now.getTime() - lastSuccess.getTime() < knownIpMs;
    if (!knownIp) {
      checks.push([
        [
          eq(loginAttempts.email, email),
          gt(loginAttempts.createdAt, new Date(now.getTime() - perAccount.windowMs)),
        ],
        perAccount.failures,
        perAccount.windowMs,
      ]);
    }
    for (const [conditions, limit, windowMs] of checks) {
      const [row] = await this.db
        .select({ failures: count(), oldest: min(loginAttempts.createdAt) })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.succeeded, false), ...conditions));
      if ((row?.failures ?? 0) >= limit) {
        const oldest = row?.oldest ? new Date(row.oldest).getTime() : now.getTime();
        const waitSeconds = Math.max(1, Math.ceil((oldest + windowMs - now.getTime()) / 1000));
        throw new DomainError(
          'TOO_MANY_REQUESTS',
          `Too many failed sign-in attempts. Try again in ${Math.ceil(waitSeconds / 60)} minute${waitSeconds > 60 ? 's' : ''}.`,
          waitSeconds,
        );
      }
    }
  }

  async record(email: string, ip: string, succeeded: boolean): Promise<void> {
    await this.db.insert(loginAttempts).values({ email, ip, succeeded });
    if (Math.random() < 0.01) {
      await this.db
        .delete(loginAttempts)
        .where(lt(loginAttempts.createdAt, new Date(Date.now() - LOGIN_THROTTLE.keepMs)));
    }
  }

  private async lastSuccess(email: string, ip: string): Promise<Date | undefined> {
    const [row] = await this.db
      .select({ at: max(loginAttempts.createdAt) })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.email, email),
          eq(loginAttempts.ip, ip),
          eq(loginAttempts.succeeded, true),
        ),
      );
    return row?.at ? new Date(row.at) : undefined;
  }
}
