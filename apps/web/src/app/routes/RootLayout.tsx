import { FullPageSpinner } from '@/components/ui/Spinner';
import { PRODUCT_NAME } from '@/config/constants';
import * as WEB_MESSAGES from '@/config/messages';
import { useAuth } from '@/lib/auth';
import { hasStoredSession } from '@/lib/auth-tokens';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import { isRouteHandle, useRouteHandle } from './route-handle';

/** Holds every route back until the stored session is known, and names the document. */
export function RootLayout() {
  const { status } = useAuth();
  const title = useRouteHandle('title');
  const matches = useMatches();
  const queryClient = useQueryClient();

  // While a stored session is checked, the screens it is about to open are fetched alongside.
  useEffect(() => {
    if (status !== 'loading' || !hasStoredSession()) return;
    for (const match of matches) {
      if (isRouteHandle(match.handle)) match.handle.preload?.(queryClient);
    }
  }, [status, matches, queryClient]);

  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);

  if (status === 'loading') return <FullPageSpinner label={WEB_MESSAGES.common.loading} />;
  return (
    <Suspense fallback={<FullPageSpinner label={WEB_MESSAGES.common.loading} />}>
      <Outlet />
    </Suspense>
  );
}
