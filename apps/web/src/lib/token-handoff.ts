import type { User } from '@meridian/contracts';
import { createStore, del, get, set } from 'idb-keyval';

/**
 * The last rotation this browser made: which refresh token it replaced and with what. Written
 * by the tab holding the refresh lock before it lets go, read by the next tab to hold it.
 *
 * Local storage alone cannot carry this: Chromium copies a tab's writes to the other tabs'
 * processes a little later, so a tab granted the lock right after another refreshed can still
 * read the old refresh token, send it, and have the session ended as a stolen token's. IndexedDB
 * commits in the browser's own process before its write resolves, so the next reader sees it.
 */
export type Rotation = {
  replaced: string;
  accessToken: string;
  refreshToken: string;
  user?: User;
  /** When it was made (epoch ms): the hand-off is for the tabs waiting at that moment. */
  at: number;
};

const HANDOFF_KEY = 'last-rotation';
/** How long a rotation is handed over: far less than an access token lives (15 minutes). */
const HANDOFF_MS = 60_000;
/** An IndexedDB that does not answer in this long is taken as none (the lock is held meanwhile). */
const IDB_TIMEOUT_MS = 500;

let store: ReturnType<typeof createStore> | null = null;
const handoffStore = () => (store ??= createStore('meridian-session', 'token-handoff'));

/** `work`, or `fallback` when it fails or takes too long (IndexedDB missing, disabled, stuck). */
async function within<T>(work: () => Promise<T>, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), IDB_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work(), late]);
  } catch {
    return fallback;
  } finally {
    clearTimeout(timer);
  }
}

/** The pair that replaced `refreshToken` a moment ago, if this browser exchanged it. */
export function rotationOf(refreshToken: string): Promise<Rotation | null> {
  return within(async () => {
    const rotation = await get<Rotation>(HANDOFF_KEY, handoffStore());
    const fresh = rotation && Date.now() - rotation.at < HANDOFF_MS;
    return fresh && rotation.replaced === refreshToken ? rotation : null;
  }, null);
}

export function recordRotation(rotation: Omit<Rotation, 'at'>): Promise<void> {
  return within(() => set(HANDOFF_KEY, { ...rotation, at: Date.now() }, handoffStore()), undefined);
}

/** The session ended here: no token is left behind in IndexedDB either. */
export function forgetRotation(): Promise<void> {
  return within(() => del(HANDOFF_KEY, handoffStore()), undefined);
}
