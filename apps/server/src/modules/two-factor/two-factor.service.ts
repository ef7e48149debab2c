import {
  type AuthResponse,
  TWO_FACTOR,
  type TwoFactorChallenge,
  type TwoFactorDisablePayload,
  type TwoFactorLoginPayload,
  type TwoFactorStatus,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { Database, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/access.js';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/errors.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { type AccessTokens, hashToken, newOpaqueToken } from '../../lib/tokens.js';
import { recordAudit } from '../audit/audit.service.js';
import { signInRefusal } from '../sessions/session-lifecycle.js';
import type { AttemptTicket, LoginThrottle } from '../sessions/login-throttle.js';
import { type ClientInfo, startSession } from '../sessions/sessions.js';
import { type UserRow, usersReads } from '../users/users.reads.js';
import {
  hashRecoveryCode,
  matchingStep,
  newRecoveryCode,
  newTotpSecret,
  otpauthUri,
} from './totp.js';
import { loginChallengesRepository, twoFactorRepository as repo } from './two-factor.repository.js';

/** Whether the user's sign-in asks for a code, and how many recovery codes remain. */
export async function twoFactorStatus(db: Executor, userId: string): Promise<TwoFactorStatus> {
  const enabled = await repo.isEnabled(db, userId);
  return { enabled, recoveryCodesLeft: enabled ? await repo.recoveryCodesLeft(db, userId) : 0 };
}

/** Time-based one-time codes (RFC 6238) as a second sign-in step, and their recovery codes. */
/** Turns a user's two-factor off (an admin's reset), inside the caller's transaction. */
export const removeTwoFactor = (db: Executor, userId: string) => repo.remove(db, userId);

export class TwoFactorService {
  constructor(
    private readonly db: Database,
    private readonly hasher: PasswordHasher,
    private readonly tokens: AccessTokens,
    private readonly throttle: LoginThrottle,
    private readonly secrets: SecretBox,
  ) {}

  isEnabled(userId: string): Promise<boolean> {
    return repo.isEnabled(this.db, userId);
  }

  /** A fresh secret to scan; nothing changes for sign-in until a code confirms it. */
  async setup(actor: Actor): Promise<{ secret: string; otpauthUri: string }> {
    if (!actor.user.passwordHash) throw badRequest(API_MESSAGES.twoFactor.googleOnly);
    if (await repo.isEnabled(this.db, actor.user.id))
      throw conflict(API_MESSAGES.twoFactor.alreadyOn);
    const secret = newTotpSecret();
    await repo.savePending(this.db, actor.user.id, this.secrets.seal(secret));
    return { secret, otpauthUri: otpauthUri(secret, actor.user.email) };
  }

  /** Confirms the scanned secret with a code and answers the recovery codes, shown this once. */
  async enable(actor: Actor, code: string): Promise<string[]> {
    const pending = await repo.find(this.db, actor.user.id);
    if (pending?.enabledAt) throw conflict(API_MESSAGES.twoFactor.alreadyOn);
    if (!pending) throw badRequest(API_MESSAGES.twoFactor.notStarted);
    const step = await matchingStep(this.secrets.open(pending.secretSealed), code);
    if (step === null) throw badRequest(API_MESSAGES.twoFactor.wrongCode);
    const codes = Array.from({ length: TWO_FACTOR.recoveryCodeCount }, newRecoveryCode);
    await this.db.transaction(async (tx) => {
      if (!(await repo.enable(tx, actor.user.id, step)))
        throw conflict(API_MESSAGES.twoFactor.alreadyOn);
      await repo.replaceRecoveryCodes(tx, actor.user.id, codes.map(hashRecoveryCode));
      await recordAudit(tx, actor, {
        action: 'two_factor.enable',
        targetType: 'user',
        targetId: actor.user.id,
      });
    });
    return codes;
  }

  /** Needs the password and a current code (or a recovery code), both throttled like sign-ins. */
  async disable(actor: Actor, payload: TwoFactorDisablePayload, client: ClientInfo): Promise<void> {
    const row = await repo.find(this.db, actor.user.id);
    if (!row?.enabledAt) throw badRequest(API_MESSAGES.twoFactor.notOn);
    const current = actor.user.passwordHash;
    if (!current) throw badRequest(API_MESSAGES.twoFactor.googleOnly);
    const ticket = await this.throttle.begin(actor.user.email, client.ip ?? '');
    if (!(await this.hasher.verify(current, payload.password)))
      throw badRequest(API_MESSAGES.twoFactor.wrongPassword);
    await this.db.transaction(async (tx) => {
      const proof = await this.secondFactor(tx, actor.user.id, row.secretSealed, payload.code);
      if (proof.kind === 'wrong') throw badRequest(proof.message);
      await repo.remove(tx, actor.user.id);
      await recordAudit(tx, actor, {
        action: 'two_factor.disable',
        targetType: 'user',
        targetId: actor.user.id,
      });
    });
    await this.throttle.succeeded(ticket);
  }

  /**
   * The password was right and the account has 2FA: instead of a session, a challenge that
   * the code turns into one. The password attempt stays counted as a failure until then, so
   * a known password does not reset the throttle that also limits code guessing.
   */
  async challenge(
    user: UserRow,
    ticket: AttemptTicket,
    client: ClientInfo,
  ): Promise<TwoFactorChallenge> {
    const { token, hash } = newOpaqueToken();
    const expiresAt = new Date(Date.now() + TWO_FACTOR.challengeLifetimeMs);
    await loginChallengesRepository.insert(this.db, {
      tokenHash: hash,
      userId: user.id,
      attemptId: ticket.id,
      userAgent: client.userAgent,
      ip: client.ip,
      expiresAt,
    });
    return {
      message: API_MESSAGES.twoFactor.challenge,
      twoFactorRequired: true,
      challengeToken: token,
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** The second sign-in step: a code (or a recovery code) for the challenge gives the session. */
  async completeSignIn(payload: TwoFactorLoginPayload, client: ClientInfo): Promise<AuthResponse> {
    // The try is counted (and committed) before the code is looked at.
    const challenge = await this.db.transaction(async (tx) => {
      const open = await loginChallengesRepository.takeTry(
        tx,
        hashToken(payload.challengeToken),
        new Date(),
      );
      if (!open) throw unauthorized(API_MESSAGES.twoFactor.challengeExpired);
      if (open.tries >= TWO_FACTOR.challengeTries)
        throw unauthorized(API_MESSAGES.twoFactor.tooManyTries);
      return open;
    });
    const user = await usersReads.findById(this.db, challenge.userId);
    const row = await repo.find(this.db, challenge.userId);
    if (!user || !row?.enabledAt) throw unauthorized(API_MESSAGES.twoFactor.challengeExpired);
    const ticket = await this.throttle.begin(user.email, client.ip ?? '');
    const session = await this.db.transaction(async (tx) => {
      const proof = await this.secondFactor(
        tx,
        user.id,
        row.secretSealed,
        payload.code ?? payload.recoveryCode ?? '',
        payload.code !== undefined ? 'totp' : 'recovery',
      );
      if (proof.kind === 'wrong') return proof;
      if (!(await loginChallengesRepository.consume(tx, challenge.id)))
        throw unauthorized(API_MESSAGES.twoFactor.challengeExpired);
      const refusal = await signInRefusal(tx, user);
      if (refusal) throw forbidden(refusal);
      if (proof.kind === 'recovery') {
        await recordAudit(tx, null, {
          action: 'two_factor.recovery_code_used',
          targetType: 'user',
          targetId: user.id,
        });
      }
      return startSession(tx, this.tokens, user, 'Login successful', {
        userAgent: client.userAgent ?? challenge.userAgent,
        ip: client.ip,
      });
    });
    if ('kind' in session) throw unauthorized(session.message);
    await this.throttle.succeeded(ticket);
    await this.throttle.succeeded({ id: challenge.attemptId });
    return session;
  }

  /**
   * Checks a TOTP code or a recovery code and, when right, uses it up inside the caller's
   * transaction: a code's time step, or a recovery code, never serves twice.
   */
  private async secondFactor(
    tx: Executor,
    userId: string,
    secretSealed: string,
    code: string,
    kind: 'totp' | 'recovery' | 'either' = 'either',
  ): Promise<{ kind: 'totp' | 'recovery' } | { kind: 'wrong'; message: string }> {
    const looksLikeTotp = /^\d{6}$/.test(code.trim());
    if (kind === 'totp' || (kind === 'either' && looksLikeTotp)) {
      const step = await matchingStep(this.secrets.open(secretSealed), code.trim());
      if (step === null) return { kind: 'wrong', message: API_MESSAGES.twoFactor.wrongCode };
      if (!(await repo.useStep(tx, userId, step)))
        return { kind: 'wrong', message: API_MESSAGES.twoFactor.replayedCode };
      return { kind: 'totp' };
    }
    if (!(await repo.useRecoveryCode(tx, userId, hashRecoveryCode(code))))
      return { kind: 'wrong', message: API_MESSAGES.twoFactor.wrongRecoveryCode };
    return { kind: 'recovery' };
  }
}
