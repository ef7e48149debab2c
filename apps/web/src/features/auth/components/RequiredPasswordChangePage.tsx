import { ChangePasswordForm } from '@/components/ChangePasswordForm';
import { Button } from '@/components/ui/Button';
import { useAuth } from '@/lib/auth';
import { AuthLayout } from './AuthLayout';

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
      <div className="mt-6 border-t border-border pt-4 text-center text-sm text-muted-foreground">
        Not you?{' '}
        <Button variant="ghost" size="sm" onClick={signOut}>
          Sign out
        </Button>
      </div>
    </AuthLayout>
  );
}
