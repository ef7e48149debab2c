import { FullPageSpinner } from '@/components/ui/Spinner';
import { PRODUCT_NAME } from '@/config/constants';
import { LOADING_TEXT } from '@/config/messages';
import { useAuth } from '@/lib/auth';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { useRouteHandle } from './route-handle';

/** Holds every route back until the stored session is known, and names the document. */
export function RootLayout() {
  const { status } = useAuth();
  const title = useRouteHandle('title');

  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);

  if (status === 'loading') return <FullPageSpinner label={LOADING_TEXT} />;
  return (
    <Suspense fallback={<FullPageSpinner label={LOADING_TEXT} />}>
      <Outlet />
    </Suspense>
  );
}
