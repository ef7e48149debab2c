import { randomUUID } from 'node:crypto';
import type { AuthResponse } from '@meridian/contracts';
import type { Executor } from '../../db/client.js';
import { type AccessTokens, REFRESH_TOKEN_LIFETIME_MS, newOpaqueToken } from '../../lib/tokens.js';
import { type UserRow, toUserDto, usersRepository } from '../users/users.repository.js';
import { refreshTokensRepository } from './refresh-tokens.repository.js';

/** Starts a session (a new refresh-token family) and answers as every sign-in path does. */
export async function startSession(
  db: Executor,
  tokens: AccessTokens,
  user: UserRow,
  message: string,
): Promise<AuthResponse> {
  const signedIn = await usersRepository.update(db, user.id, { lastLoginAt: new Date() });
  const refresh = newOpaqueToken();
  await refreshTokensRepository.insert(db, {
    userId: user.id,
    familyId: randomUUID(),
    tokenHash: refresh.hash,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_LIFETIME_MS),
  });
  return {
    message,
    accessToken: await tokens.sign({ userId: user.id, tokenVersion: signedIn.tokenVersion }),
    refreshToken: refresh.token,
    user: toUserDto(signedIn),
  };
}

/** Ends every session of a user at once: refresh tokens revoked, access tokens invalid. */
export async function revokeAllSessions(db: Executor, userId: string): Promise<void> {
  await refreshTokensRepository.revokeAllForUser(db, userId);
  await usersRepository.bumpTokenVersion(db, userId);
}
