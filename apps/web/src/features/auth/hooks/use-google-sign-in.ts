import { publicConfigQuery } from '@/lib/public-config';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { buildGoogleAuthorizeUrl, googleEmailProblem } from '../api/google-sign-in';
import { messageOf } from './use-sign-in-error';
import * as WEB_MESSAGES from '@/config/messages';

/** Starts the Google redirect, after the allowed-domain checks of spec part 5. */
export function useGoogleSignIn(reportError: (message: string) => void) {
  const queryClient = useQueryClient();
  const [isRedirecting, setIsRedirecting] = useState(false);

  const start = useCallback(
    async (enteredEmail: string) => {
      const fail = (message: string) => {
        setIsRedirecting(false);
        reportError(message);
      };
      setIsRedirecting(true);
      try {
        // A click that beats the settings' first load waits for them instead of failing.
        const { google } = await queryClient.fetchQuery(publicConfigQuery);
        if (!google) return fail(WEB_MESSAGES.auth.googleNotConfigured);
        const email = enteredEmail.trim();
        const problem = googleEmailProblem(google.allowedDomain, email);
        if (problem) return fail(problem);
        if (!google.authorizationEndpoint) return fail(WEB_MESSAGES.auth.googleUnavailable);
        window.location.assign(
          await buildGoogleAuthorizeUrl(google, google.authorizationEndpoint, email),
        );
      } catch (error) {
        fail(messageOf(error, WEB_MESSAGES.auth.googleLoginFailed));
      }
    },
    [queryClient, reportError],
  );
  /** Fetches the settings when the pointer or focus reaches the button, ahead of the click. */
  const prepare = useCallback(() => {
    void queryClient.prefetchQuery(publicConfigQuery);
  }, [queryClient]);
  return { start, prepare, isRedirecting };
}
