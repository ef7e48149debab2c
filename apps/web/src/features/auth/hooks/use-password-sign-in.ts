import { useAuth } from '@/lib/auth';
import type { TwoFactorChallenge } from '@meridian/contracts';
import { useCallback, useState } from 'react';
import { isTwoFactorChallenge, useLogin } from '../api/login';
import type { LoginFormValues } from '../api/login-form';
import { messageOf } from './use-sign-in-error';
import * as WEB_MESSAGES from '@/config/messages';

/**
 * Signs in with e-mail and password; the login route then sends an admin to the admin area.
 * With two-factor authentication on, the answer is a challenge that the code step completes.
 */
export function usePasswordSignIn(reportError: (message: string) => void) {
  const { signIn } = useAuth();
  const login = useLogin();
  const { mutateAsync } = login;
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const submit = useCallback(
    /** The values as the form's resolver checked and trimmed them. */
    async (values: LoginFormValues) => {
      try {
        const reply = await mutateAsync(values);
        if (isTwoFactorChallenge(reply)) setChallenge(reply);
        else signIn(reply);
      } catch (error) {
        reportError(messageOf(error, WEB_MESSAGES.auth.loginFailed));
      }
    },
    [mutateAsync, signIn, reportError],
  );
  const cancelChallenge = useCallback(() => setChallenge(null), []);
  return { submit, isPending: login.isPending, challenge, cancelChallenge };
}
