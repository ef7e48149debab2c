import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { ipBucket } from '../../lib/client-ip.js';
import { DomainError } from '../../lib/errors.js';
import { loginAttemptsRepository as attempts } from './login-attempts.repository.js';

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

/** A checked attempt in progress: counted as a failure until `succeeded` says otherwise. */
export type AttemptTicket = { id: number };

/**
 * Counts password checks in the database, so every instance sees the same counts. Each
 * check is recorded as a failure before the password is verified, under a per-client
 * lock: N parallel attempts give at most the allowed number of checks. A success turns its
 * record into a success, which resets the account+IP count.
 */
export class LoginThrottle {
  constructor(private readonly db: Database) {}

  /** Throws 429 with Retry-After when this attempt must not even be evaluated. */
  async begin(email: string, ip: string, now = new Date()): Promise<AttemptTicket> {
    const client = ipBucket(ip);
    const id = await this.db.transaction(async (tx) => {
      await attempts.lockClient(tx, client);
      await this.assertAllowed(tx, email, client, now);
      return attempts.insert(tx, { email, ip: client, succeeded: false, createdAt: now });
    });
    if (Math.random() < 0.01) {
      await attempts.prune(this.db, new Date(now.getTime() - LOGIN_THROTTLE.keepMs));
    }
    return { id };
  }

  async succeeded(ticket: AttemptTicket): Promise<void> {
    await attempts.markSucceeded(this.db, ticket.id);
  }

  private async assertAllowed(
    db: Parameters<typeof attempts.failures>[0],
    email: string,
    client: string,
    now: Date,
  ): Promise<void> {
    const { perAccountAndIp, perIp, perAccount, knownIpMs } = LOGIN_THROTTLE;
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const lastSuccess = await attempts.lastSuccess(db, email, client);
    const accountIpSince = new Date(
      Math.max(ago(perAccountAndIp.windowMs).getTime(), lastSuccess?.getTime() ?? 0),
    );
    const checks: { where: SQL[]; failures: number; windowMs: number }[] = [
      {
        where: [attempts.byEmail(email), attempts.byIp(client), attempts.since(accountIpSince)],
        ...perAccountAndIp,
      },
      { where: [attempts.byIp(client), attempts.since(ago(perIp.windowMs))], ...perIp },
    ];
    const knownIp = lastSuccess !== undefined && now.getTime() - lastSuccess.getTime() < knownIpMs;
    if (!knownIp) {
      checks.push({
        where: [attempts.byEmail(email), attempts.since(ago(perAccount.windowMs))],
        ...perAccount,
      });
    }
    for (const check of checks) {
      const { failures, oldest } = await attempts.failures(db, check.where);
      if (failures >= check.failures) {
        const start = oldest?.getTime() ?? now.getTime();
        const waitSeconds = Math.max(1, Math.ceil((start + check.windowMs - now.getTime()) / 1000));
        throw new DomainError(
          'TOO_MANY_REQUESTS',
          `Too many failed sign-in attempts. Try again in ${Math.ceil(waitSeconds / 60)} minute${waitSeconds > 60 ? 's' : ''}.`,
          waitSeconds,
        );
      }
    }
  }
}
