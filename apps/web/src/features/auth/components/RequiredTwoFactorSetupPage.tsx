import { RecoveryCodesStep, ScanStep } from '@/components/two-factor/TwoFactorSetupSteps';
import { useAuth } from '@/lib/auth';
import { useState } from 'react';
import { AuthLayout, SignOutFooter } from '@/components/AuthLayout';

/**
 * Shown before anything else while the organization requires two-factor sign-in and this
 * account has none yet (the server refuses everything else meanwhile).
 */
export function RequiredTwoFactorSetupPage() {
  const { user, signOut, replaceUser } = useAuth();
  const [codes, setCodes] = useState<string[] | null>(null);
  // The admin area opens once the codes are put away: the user no longer owes the setup.
  const done = () => {
    if (!user) return;
    replaceUser({ ...user, twoFactorSetupRequired: false });
  };
  return (
    <AuthLayout
      title={codes ? 'Save your recovery codes' : 'Set up two-factor authentication'}
      description={
        codes
          ? undefined
          : `Your organization requires a code from an authenticator app when ${user?.email ?? 'you'} signs in with a password.`
      }
      wide
    >
      {codes ? (
        <RecoveryCodesStep codes={codes} onDone={done} />
      ) : (
        <ScanStep onEnabled={setCodes} />
      )}
      <SignOutFooter prompt="Not now?" onSignOut={signOut} />
    </AuthLayout>
  );
}
