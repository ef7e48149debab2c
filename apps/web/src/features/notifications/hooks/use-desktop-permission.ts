import { useSyncExternalStore } from 'react';

/** Whether this browser shows Meridian's desktop notifications, as the browser decides. */
export type DesktopPermission = NotificationPermission | 'unsupported';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

export const desktopPermission = (): DesktopPermission =>
  supported() ? Notification.permission : 'unsupported';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
let watching = false;

/** The browser tells of a change made in its own site settings; a refocused tab looks again. */
function watchBrowser() {
  if (watching || !supported()) return;
  watching = true;
  window.addEventListener('focus', notify);
  navigator.permissions
    ?.query({ name: 'notifications' })
    .then((status) => status.addEventListener('change', notify))
    .catch(() => undefined);
}

function subscribe(listener: () => void) {
  watchBrowser();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Asks the browser's permission: only ever from a click, as browsers require. */
export async function requestDesktopPermission(): Promise<DesktopPermission> {
  if (!supported()) return 'unsupported';
  await Notification.requestPermission();
  notify();
  return desktopPermission();
}

export const useDesktopPermission = () => useSyncExternalStore(subscribe, desktopPermission);
