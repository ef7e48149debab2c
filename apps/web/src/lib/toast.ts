import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

type Sonner = typeof SonnerModule;

let sonner: Promise<Sonner> | null = null;
const loadListeners = new Set<() => void>();

/** Loads sonner once, and tells the ToastHost to mount its Toaster. */
export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    loadListeners.forEach((listener) => listener());
  }
  return sonner;
}

export const isSonnerRequested = (): boolean => sonner !== null;

export function subscribeToSonnerLoad(listener: () => void): () => void {
  loadListeners.add(listener);
  return () => loadListeners.delete(listener);
}

const show =
  (kind?: 'success' | 'error') =>
  (message: string, data?: ExternalToast): void => {
    void loadSonner().then(({ toast: sonnerToast }) =>
      (kind ? sonnerToast[kind] : sonnerToast)(message, data),
    );
  };

/**
 * sonner's toast, with its code loaded by the first toast: pages that show none, like the
 * login page, do without it. Its Toaster shows toasts created before it mounted.
 */
export const toast = Object.assign(show(), { success: show('success'), error: show('error') });
