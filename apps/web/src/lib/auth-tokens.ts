import { STORAGE_KEYS } from '@/config/storage-keys';
import type { User } from '@meridian/contracts';
import { localStore } from './storage';

type SessionListener = {
  onEnded: () => void;
  onUserRefreshed: (user: User) => void;
};

const listeners = new Set<SessionListener>();

export const getAccessToken = (): string | null => localStore.get(STORAGE_KEYS.accessToken);
export const getRefreshToken = (): string | null => localStore.get(STORAGE_KEYS.refreshToken);

/** Both tokens are stored: the app starts by validating them (spec part 4). */
export const hasStoredSession = (): boolean => Boolean(getAccessToken() && getRefreshToken());

export function storeTokens(accessToken: string, refreshToken?: string): void {
  localStore.set(STORAGE_KEYS.accessToken, accessToken);
  if (refreshToken) localStore.set(STORAGE_KEYS.refreshToken, refreshToken);
}

export function clearTokens(): void {
  const hadSession = getRefreshToken() !== null;
  localStore.remove(STORAGE_KEYS.accessToken);
  localStore.remove(STORAGE_KEYS.refreshToken);
  // The last hand-off between tabs holds tokens too (loaded only when there was a session).
  if (hadSession) void import('./token-handoff').then(({ forgetRotation }) => forgetRotation());
}

/** Lets the session provider hear what the HTTP client learns outside React. */
export function subscribeToSession(listener: SessionListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The refresh token failed: the session is over wherever it is shown. */
export function endSession(): void {
  clearTokens();
  listeners.forEach((listener) => listener.onEnded());
}

export function announceRefreshedUser(user: User): void {
  listeners.forEach((listener) => listener.onUserRefreshed(user));
}
