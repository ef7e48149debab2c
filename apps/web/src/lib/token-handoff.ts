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
export type Rotation = { replaced: string; accessToken: string; refreshToken: string };

const HANDOFF_KEY = 'last-rotation';
let store: ReturnType<typeof createStore> | null = null;
const handoffStore = () => (store ??= createStore('meridian-session', 'token-handoff'));

/** The pair that replaced `refreshToken`, if this browser already exchanged it. */
export async function rotationOf(refreshToken: string): Promise<Rotation | null> {
  try {
    const rotation = await get<Rotation>(HANDOFF_KEY, handoffStore());
    return rotation?.replaced === refreshToken ? rotation : null;
  } catch {
    // Without IndexedDB (some private modes) the tab refreshes as it would alone.
    return null;
  }
}

export async function recordRotation(rotation: Rotation): Promise<void> {
  try {
    await set(HANDOFF_KEY, rotation, handoffStore());
  } catch {
    // Nothing to hand over; the next tab reads local storage only.
  }
}

/** Signing out leaves no token behind, here either. */
export async function forgetRotation(): Promise<void> {
  try {
    await del(HANDOFF_KEY, handoffStore());
  } catch {
    // Nothing stored.
  }
}
