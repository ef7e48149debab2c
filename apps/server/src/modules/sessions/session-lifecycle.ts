import type { RefreshResponse } from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.js';
import { unauthorized } from '../../lib/errors.js';
import { type AccessTokens, hashToken } from '../../lib/tokens.js';
import { organizationsReads } from '../organizations/organizations.reads.js';
import { securityPolicy } from '../settings/security-policy.js';
import { toUserDto } from '../users/users.mapper.js';
import { type UserRow, usersReads } from '../users/users.reads.js';
import { refreshTokensRepository } from './refresh-tokens.repository.js';
import { assertSignInAddress, issueTokens } from './sessions.js';
import { sessionsRepository } from './sessions.repository.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

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
  if (user.accountStatus === 'DEACTIVATED') return API_MESSAGES.session.deactivated;
  if (user.accountStatus === 'PENDING') return API_MESSAGES.session.pending;
  const organization = await organizationsReads.findById(db, user.organizationId);
  if (!organization || organization.status !== 'ACTIVE')
    return API_MESSAGES.session.organizationDisabled;
  return null;
}

export async function refreshSession(
  db: Database,
  tokens: AccessTokens,
  log: FastifyBaseLogger,
  refreshToken: string,
  ip: string | null,
): Promise<RefreshResponse> {
  const tokenHash = hashToken(refreshToken);
  type Outcome = { response: RefreshResponse } | { reuseOf: string } | 'idle' | null;
  const now = new Date();
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
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
    return {
      response: {
        message: API_MESSAGES.session.refreshed,
        ...(await issueTokens(tx, tokens, user, {
          id: consumed.familyId,
          expiresAt: consumed.expiresAt,
        })),
        user: toUserDto(user),
      },
    };
  });
  if (outcome === 'idle') throw unauthorized(API_MESSAGES.session.idleTimeout);
  if (outcome && 'reuseOf' in outcome) {
    log.warn({ userId: outcome.reuseOf }, 'refresh token reuse detected; token family revoked');
  }
  if (!outcome || !('response' in outcome)) throw unauthorized(API_MESSAGES.session.invalidRefresh);
  return outcome.response;
}

/** Ends only the session the request was made from: the user's other devices stay signed in. */
export async function endSession(db: Database, userId: string, sessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await sessionsRepository.revoke(tx, userId, sessionId);
  });
}
