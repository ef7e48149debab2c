import type { AuthResponse, SignInMethod } from '@meridian/contracts';
import type { Executor } from '../../db/client.js';
import { type AccessTokens, REFRESH_TOKEN_LIFETIME_MS, newOpaqueToken } from '../../lib/tokens.js';
import { forbidden } from '../../lib/errors.js';
import { face } from '../../lib/face.js';
import { addressAllowed } from '../settings/security-policy.js';
import { toUserDto } from '../users/users.mapper.js';
import { type UserRow } from '../users/users.reads.js';
import { userAccounts } from '../users/users.accounts.js';
import { refreshTokensRepository } from './refresh-tokens.repository.js';
import { sessionsRepository } from './sessions.repository.js';
import { owesTwoFactorOnSignIn } from './two-factor-policy.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

/**
 * A user's sessions as other modules may see and end them: the profile's and an admin's list
 * of devices, and signing one (or all but the current) out.
 */
export const userSessions = face(sessionsRepository, ['listLive', 'revoke', 'revokeOthers']);

/** Where a sign-in comes from, kept with its session so the user can tell their devices apart. */
export type ClientInfo = { userAgent: string | null; ip: string | null };

const USER_AGENT_MAX = 512;

export const clientInfo = (request: {
  headers: Record<string, string | string[] | undefined>;
  ip: string;
}): ClientInfo => {
  const agent = request.headers['user-agent'];
  return {
    userAgent: typeof agent === 'string' ? agent.slice(0, USER_AGENT_MAX) : null,
    ip: request.ip,
  };
};

/** Refused (403) from outside the IP allow list of the user's organization, when it has one on. */
export async function assertSignInAddress(
  db: Executor,
  user: Pick<UserRow, 'organizationId'>,
  ip: string | null,
): Promise<void> {
  if (!(await addressAllowed(db, user.organizationId, ip)))
    throw forbidden(API_MESSAGES.access.addressNotAllowed(ip ?? 'unknown'));
}

/**
 * Starts a session (a new refresh-token family) and answers as every sign-in path does; every
 * path (password, second factor, Google, invitation) meets the organization's IP allow list here.
 */
export async function startSession(
  db: Executor,
  tokens: AccessTokens,
  user: UserRow,
  message: string,
  client: ClientInfo,
  method: SignInMethod = 'PASSWORD',
): Promise<AuthResponse> {
  await assertSignInAddress(db, user, client.ip);
  const signedIn = await userAccounts.update(db, user.id, { lastLoginAt: new Date() });
  const session = await sessionsRepository.insert(db, {
    userId: user.id,
    userAgent: client.userAgent,
    ip: client.ip,
    method,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_LIFETIME_MS),
  });
  return {
    message,
    ...(await issueTokens(db, tokens, signedIn, session)),
    user: toUserDto(signedIn, await owesTwoFactorOnSignIn(db, signedIn, method)),
  };
}

/**
 * A session's next pair: a new refresh token of its family (the one exchanged is spent) and
 * an access token naming the session, at the user's current token version.
 */
export async function issueTokens(
  db: Executor,
  tokens: AccessTokens,
  user: Pick<UserRow, 'id' | 'tokenVersion'>,
  session: { id: string; expiresAt: Date },
): Promise<{ accessToken: string; refreshToken: string }> {
  const refresh = newOpaqueToken();
  await refreshTokensRepository.insert(db, {
    userId: user.id,
    familyId: session.id,
    tokenHash: refresh.hash,
    expiresAt: session.expiresAt,
  });
  const accessToken = await tokens.sign({
    userId: user.id,
    tokenVersion: user.tokenVersion,
    sessionId: session.id,
  });
  return { accessToken, refreshToken: refresh.token };
}

/**
 * Ends every session of a user at once (password change, deactivation, deletion, role
 * change): sessions and refresh tokens revoked, and every access token invalid.
 */
export async function revokeAllSessions(db: Executor, userId: string): Promise<void> {
  await sessionsRepository.revokeAllForUser(db, userId);
  await userAccounts.bumpTokenVersion(db, userId);
}
