import type { LoginResponse, RefreshResponse } from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { addressAllowed } from '../settings/security-policy.js';
import type { AccessTokens } from '../../lib/tokens.js';
import type { TwoFactorService } from '../two-factor/two-factor.service.js';
import { type UserRow, usersReads } from '../users/users.reads.js';
import { userAccounts } from '../users/users.accounts.js';
import type { LoginThrottle } from '../sessions/login-throttle.js';
import { endSession, refreshSession, signInRefusal } from '../sessions/session-lifecycle.js';
import { type ClientInfo, startSession } from '../sessions/sessions.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

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
      throw unauthorized(API_MESSAGES.auth.invalidCredentials);
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

  refresh(refreshToken: string, ip: string | null): Promise<RefreshResponse> {
    return refreshSession(this.db, this.tokens, this.log, refreshToken, ip);
  }

  /** Ends only the session the request was made from: the user's other devices stay signed in. */
  logout(user: UserRow, sessionId: string): Promise<void> {
    return endSession(this.db, user.id, sessionId);
  }
}
