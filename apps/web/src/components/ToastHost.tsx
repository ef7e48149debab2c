import { TOAST_DURATION_MS } from '@/config/constants';
import { useTheme } from '@/lib/theme';
import { isSonnerRequested, loadSonner, subscribeToSonnerLoad } from '@/lib/toast';
import { lazy, Suspense, useSyncExternalStore } from 'react';

const Toaster = lazy(async () => ({ default: (await loadSonner()).Toaster }));

/** Toasts at the top right for 4 seconds (spec part 7), mounted with the first toast. */
export function ToastHost() {
  const requested = useSyncExternalStore(subscribeToSonnerLoad, isSonnerRequested);
  const { resolvedTheme } = useTheme();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-right"
        duration={TOAST_DURATION_MS}
        theme={resolvedTheme}
        richColors
        closeButton
      />
    </Suspense>
  );
}
