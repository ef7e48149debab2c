import type { publicRequest } from './api-client';
import { announceRefreshedUser, getAccessToken, getRefreshToken, storeTokens } from './auth-tokens';
import { lazySchema } from './lazy-schema';
import { recordRotation, rotationOf } from './token-handoff';
import * as WEB_MESSAGES from '@/config/messages';

/** Held across the tabs of this origin while one of them refreshes (Web Locks). */
const REFRESH_LOCK = 'meridian-token-refresh';

type Exchange = {
  request: typeof publicRequest;
  /** The error to raise when there is no refresh token to exchange. */
  missing: () => Error;
};

/**
 * Tabs share the tokens (local storage) and a refresh token works once, so two tabs refreshing
 * at the same moment would look like a stolen token and end the session. One tab refreshes at
 * a time; a tab that waited finds the tokens the other stored (or, when local storage has not
 * caught up yet, the pair the other handed over) and uses them. Loaded with the
 * first refresh (the login page never needs it); api-client passes its request function in.
 */
export async function exchangeRefreshToken(exchange: Exchange): Promise<string> {
  const seen = getRefreshToken();
  // Web Locks need a secure origin (https, localhost); elsewhere each tab refreshes alone.
  if (!('locks' in navigator)) return exchangeOnce(exchange, seen);
  return await navigator.locks.request(REFRESH_LOCK, () => exchangeOnce(exchange, seen));
}

async function exchangeOnce({ request, missing }: Exchange, seen: string | null) {
  const refreshToken = getRefreshToken();
  const accessToken = getAccessToken();
  if (seen && refreshToken && refreshToken !== seen && accessToken) return accessToken;
  if (!refreshToken) throw missing();
  const handedOver = await rotationOf(refreshToken);
  if (handedOver) {
    storeTokens(handedOver.accessToken, handedOver.refreshToken);
    if (handedOver.user) announceRefreshedUser(handedOver.user);
    return handedOver.accessToken;
  }
  const reply = await request('/auth/refresh', {
    method: 'POST',
    body: { refreshToken },
    schema: lazySchema('RefreshResponse'),
    fallbackMessage: WEB_MESSAGES.auth.refreshFailed,
    malformedMessage: WEB_MESSAGES.auth.refreshFailed,
  });
  // Signed out (or in again) while the answer was on its way: it is not stored over that.
  if (getRefreshToken() !== refreshToken) {
    const current = getAccessToken();
    if (!current) throw missing();
    return current;
  }
  storeTokens(reply.accessToken, reply.refreshToken);
  // Before the lock is let go, so that the next tab to hold it finds the new pair.
  if (reply.refreshToken) {
    await recordRotation({
      replaced: refreshToken,
      accessToken: reply.accessToken,
      refreshToken: reply.refreshToken,
      user: reply.user,
    });
  }
  if (reply.user) announceRefreshedUser(reply.user);
  return reply.accessToken;
}
