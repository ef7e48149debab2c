import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { hasAdminAccess } from '@/lib/auth-access';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { lazyPage } from './lazy-page';

const RequiredPasswordChangePage = lazyPage(
  () => import('@/features/auth/components/RequiredPasswordChangePage'),
  'RequiredPasswordChangePage',
);

const RequiredTwoFactorSetupPage = lazyPage(
  () => import('@/features/auth/components/RequiredTwoFactorSetupPage'),
  'RequiredTwoFactorSetupPage',
);

/**
 * /admin/* is for signed-in users who pass the admin-access check; others go to /login. A
 * generated password is replaced, and a second factor the organization requires set up, before
 * anything else opens (the server refuses the rest).
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (!hasAdminAccess(user)) return <Navigate to={paths.login.getHref()} replace />;
  if (user.passwordChangeRequired) return <RequiredPasswordChangePage />;
  if (user.twoFactorSetupRequired) return <RequiredTwoFactorSetupPage />;
  return children;
}

/** /login and /create-account send a signed-in admin to Atlas; other users stay. */
export function RedirectSignedInAdmin({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (hasAdminAccess(user)) return <Navigate to={paths.admin.atlas.getHref()} replace />;
  return children;
}

/** / and unknown paths: Atlas for a signed-in admin, otherwise the login page. */
export function HomeRedirect() {
  const { user } = useAuth();
  return (
    <Navigate
      to={hasAdminAccess(user) ? paths.admin.atlas.getHref() : paths.login.getHref()}
      replace
    />
  );
}
