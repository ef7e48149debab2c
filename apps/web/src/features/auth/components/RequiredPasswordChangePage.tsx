import { ChangePasswordForm } from '@/components/ChangePasswordForm';
import { useAuth } from '@/lib/auth';
import { AuthLayout, SignOutFooter } from '@/components/AuthLayout';

/**
 * Shown before anything else while the account still has a generated password (the one the
 * server printed in its log at first start): nothing else opens until it is replaced.
 */
export function RequiredPasswordChangePage() {
  const { user, signOut } = useAuth();
  return (
    <AuthLayout
      title="Choose your password"
      description={`${user?.email ?? 'This account'} was given a generated password. Choose your own to continue.`}
    >
      {/* On success the fresh user has no flag, and the admin area opens in place. */}
      <ChangePasswordForm currentLabel="Generated password" onDone={() => undefined} />
      <SignOutFooter prompt="Not you?" onSignOut={signOut} />
    </AuthLayout>
  );
}
