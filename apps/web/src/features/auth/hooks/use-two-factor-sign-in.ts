import { useAuth } from '@/lib/auth';
import { useCallback } from 'react';
import { useLoginTwoFactor } from '../api/login-two-factor';
import { messageOf } from './use-sign-in-error';
import * as WEB_MESSAGES from '@/config/messages';

export type SecondFactor = { code: string } | { recoveryCode: string };

/** Completes a password sign-in that answered a two-factor challenge. */
export function useTwoFactorSignIn(challengeToken: string, reportError: (message: string) => void) {
  const { signIn } = useAuth();
  const verify = useLoginTwoFactor();
  const { mutateAsync } = verify;
  const submit = useCallback(
    async (factor: SecondFactor) => {
      try {
        signIn(await mutateAsync({ challengeToken, ...factor }));
      } catch (error) {
        reportError(messageOf(error, WEB_MESSAGES.twoFactor.verifyFailed));
      }
    },
    [challengeToken, mutateAsync, signIn, reportError],
  );
  return { submit, isPending: verify.isPending };
}
