import { AUTH_MESSAGES } from '@/config/messages';
import { useAuth } from '@/lib/auth';
import { useCallback } from 'react';
import { useLogin } from '../api/login';
import type { LoginFormValues } from '../api/login-form';
import { messageOf } from './use-sign-in-error';

/** Signs in with e-mail and password; the login route then sends an admin to the admin area. */
export function usePasswordSignIn(reportError: (message: string) => void) {
  const { signIn } = useAuth();
  const login = useLogin();
  const { mutateAsync } = login;
  const submit = useCallback(
    /** The values as the form's resolver checked and trimmed them. */
    async (values: LoginFormValues) => {
      try {
        signIn(await mutateAsync(values));
      } catch (error) {
        reportError(messageOf(error, AUTH_MESSAGES.loginFailed));
      }
    },
    [mutateAsync, signIn, reportError],
  );
  return { submit, isPending: login.isPending };
}
