import type { LoginResponse, RefreshResponse } from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { addressAllowed, securityPolicy } from '../settings/security-policy.js';
import { type AccessTokens, hashToken, newOpaqueToken } from '../../lib/tokens.js';
import type { TwoFactorService } from '../two-factor/two-factor.service.js';
import { organizationsReads } from '../organizations/organizations.reads.js';
import { toUserDto } from '../users/users.mapper.js';
import { type UserRow, usersReads } from '../users/users.reads.js';
import { userAccounts } from '../users/users.accounts.js';
import type { LoginThrottle } from './login-throttle.js';
import { refreshTokensRepository } from './refresh-tokens.repository.js';
import { type ClientInfo, assertSignInAddress, startSession } from './sessions.js';
import { sessionsRepository } from './sessions.repository.js';

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  deactivated: 'Your account has been deactivated. Contact your administrator.',
  pending: 'Your account is not active yet. Accept your invitation to sign in.',
  organizationDisabled: 'Your organization is disabled',
  invalidRefresh: 'Invalid or expired refresh token',
  idleTimeout: 'You were signed out after 8 hours without activity. Sign in again.',
} as const;

/** The organization policy `sessionTimeout`: a session unused this long cannot be refreshed. */
export const SESSION_IDLE_TIMEOUT_MS = 8 * 60 * 60 * 1000;

/** Whether the session sat unused past the idle timeout its organization asks for. */
async function idleTooLong(db: Executor, user: UserRow, sessionId: string, now: Date) {
  const session = await sessionsRepository.findForUser(db, user.id, sessionId);
  if (!session || now.getTime() - session.lastUsedAt.getTime() <= SESSION_IDLE_TIMEOUT_MS)
    return false;
  return (await securityPolicy(db, user.organizationId)).sessionTimeout;
}

/** Why an account with a correct password still may not sign in, or null when it may. */
export async function signInRefusal(db: Executor, user: UserRow): Promise<string | null> {
  if (user.accountStatus === 'DEACTIVATED') return AUTH_MESSAGES.deactivated;
  if (user.accountStatus === 'PENDING') return AUTH_MESSAGES.pending;
  const organization = await organizationsReads.findById(db, user.organizationId);
  if (!organization || organization.status !== 'ACTIVE') return AUTH_MESSAGES.organizationDisabled;
  return null;
}

export class AuthService {
  /** Verified against when the e-mail is unknown, so both failures take the same time. */
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly db: Database,
    private readonly hasher: PasswordHasher,
    private readonly tokens: AccessTokens,
    private readonly log: FastifyBaseLogger,
    private readonly throttle: LoginThrottle,
    private readonly twoFactor: TwoFactorService,
  ) {}

  /** A session; or, when the account has 2FA on, the challenge its code must answer. */
  async login(email: string, password: string, client: ClientInfo): Promise<LoginResponse> {
    // Counted before the password is checked, so parallel guesses cannot outrun the count.
    const ticket = await this.throttle.begin(email, client.ip ?? '');
    const user = await this.verifiedUser(email, password);
    // From outside the organization's allow list a right password is answered as a wrong one:
    // whoever holds it there learns nothing, and the attempt counts as a failure.
    if (!user || !(await addressAllowed(this.db, user.organizationId, client.ip)))
      throw unauthorized(AUTH_MESSAGES.invalidCredentials);
    const secondStep = await this.twoFactor.isEnabled(user.id);
    // With 2FA on, the attempt stays a failure until the code is right (see TwoFactorService).
    if (!secondStep) await this.throttle.succeeded(ticket);
    const refusal = await signInRefusal(this.db, user);
    if (refusal) throw forbidden(refusal);

    // A hash made with weaker settings than today's is upgraded now that we know the password.
    const upgradedHash =
      user.passwordHash && this.hasher.needsRehash(user.passwordHash)
        ? await this.hasher.hash(password)
        : undefined;
    if (upgradedHash) await userAccounts.update(this.db, user.id, { passwordHash: upgradedHash });
    if (secondStep) return this.twoFactor.challenge(user, ticket, client);
    return this.db.transaction((tx) =>
      startSession(tx, this.tokens, user, 'Login successful', client),
    );
  }

  /** The user when the password matches; an unknown e-mail costs the same time as a wrong password. */
  private async verifiedUser(email: string, password: string): Promise<UserRow | null> {
    const user = await usersReads.findByEmail(this.db, email);
    if (!user?.passwordHash) {
      this.dummyHash ??= this.hasher.hash('meridian-timing-equaliser');
      await this.hasher.verify(await this.dummyHash, password);
      return null;
    }
    return (await this.hasher.verify(user.passwordHash, password)) ? user : null;
  }

  async refresh(refreshToken: string, ip: string | null): Promise<RefreshResponse> {
    const tokenHash = hashToken(refreshToken);
    type Outcome = { response: RefreshResponse } | { reuseOf: string } | 'idle' | null;
    const now = new Date();
    const outcome = await this.db.transaction(async (tx): Promise<Outcome> => {
      const consumed = await refreshTokensRepository.consume(tx, tokenHash, now);
      if (!consumed) {
        const known = await refreshTokensRepository.findByHash(tx, tokenHash);
        if (known?.usedAt && !known.revokedAt) {
          // A rotated token came back: someone holds a copy. End the whole session, access
          // tokens included.
          await sessionsRepository.revoke(tx, known.userId, known.familyId);
          return { reuseOf: known.userId };
        }
        return null;
      }
      const user = await usersReads.findById(tx, consumed.userId);
      if (!user || (await signInRefusal(tx, user))) {
        await sessionsRepository.revoke(tx, consumed.userId, consumed.familyId);
        return null;
      }
      // Refused inside the transaction, so the token is not spent: it works again from inside.
      await assertSignInAddress(tx, user, ip);
      // The session's last use is its last refresh: an active page refreshes every 15 minutes.
      if (await idleTooLong(tx, user, consumed.familyId, now)) {
        await sessionsRepository.revoke(tx, user.id, consumed.familyId);
        return 'idle';
      }
      await sessionsRepository.touch(tx, consumed.familyId, ip);
      const next = newOpaqueToken();
      await refreshTokensRepository.insert(tx, {
        userId: user.id,
        familyId: consumed.familyId,
        tokenHash: next.hash,
        expiresAt: consumed.expiresAt,
      });
      return {
        response: {
          message: 'Token refreshed',
          accessToken: await this.tokens.sign({
            userId: user.id,
            tokenVersion: user.tokenVersion,
            sessionId: consumed.familyId,
          }),
          refreshToken: next.token,
          user: toUserDto(user),
        },
      };
    });
    if (outcome === 'idle') throw unauthorized(AUTH_MESSAGES.idleTimeout);
    if (outcome && 'reuseOf' in outcome) {
      this.log.warn(
        { userId: outcome.reuseOf },
        'refresh token reuse detected; token family revoked',
      );
    }
    if (!outcome || !('response' in outcome)) throw unauthorized(AUTH_MESSAGES.invalidRefresh);
    return outcome.response;
  }

  /** Ends only the session the request was made from: the user's other devices stay signed in. */
  async logout(user: UserRow, sessionId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await sessionsRepository.revoke(tx, user.id, sessionId);
    });
  }
}
