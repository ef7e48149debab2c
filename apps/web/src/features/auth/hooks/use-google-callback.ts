import { CALLBACK_FAILURE_REDIRECT_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { SESSION_KEYS } from '@/config/storage-keys';
import { useAuth } from '@/lib/auth';
import { hasAdminAccess } from '@/lib/auth-access';
import { sessionStore } from '@/lib/storage';
import type { GoogleLinkChallenge, GoogleSignInResponse } from '@meridian/contracts';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { exchangeGoogleCode } from '../api/google-exchange';
import { googleRedirectUri } from '../api/google-sign-in';
import * as WEB_MESSAGES from '@/config/messages';

class GoogleCallbackError extends Error {
  constructor(
    message: string,
    readonly toastMessage: string,
  ) {
    super(message);
  }
}

async function completeGoogleSignIn(params: URLSearchParams): Promise<GoogleSignInResponse> {
  const error = params.get('error');
  const code = params.get('code');
  const state = params.get('state');
  const expectedState = sessionStore.get(SESSION_KEYS.googleState);
  const codeVerifier = sessionStore.get(SESSION_KEYS.googleCodeVerifier);
  const nonce = sessionStore.get(SESSION_KEYS.googleNonce);
  sessionStore.remove(SESSION_KEYS.googleState);
  sessionStore.remove(SESSION_KEYS.googleCodeVerifier);
  sessionStore.remove(SESSION_KEYS.googleNonce);

  if (error) {
    throw new GoogleCallbackError(
      WEB_MESSAGES.auth.googleCallbackError(error),
      WEB_MESSAGES.auth.toastGoogleCancelled,
    );
  }
  if (!code) {
    throw new GoogleCallbackError(
      WEB_MESSAGES.auth.googleCallbackNoCode,
      WEB_MESSAGES.auth.toastInvalidGoogleResponse,
    );
  }
  if (!state || state !== expectedState || !nonce) {
    throw new GoogleCallbackError(
      WEB_MESSAGES.auth.googleCallbackStateMismatch,
      WEB_MESSAGES.auth.toastGoogleCancelled,
    );
  }
  try {
    return await exchangeGoogleCode({
      code,
      state,
      redirectUri: googleRedirectUri(),
      nonce,
      ...(codeVerifier ? { codeVerifier } : {}),
    });
  } catch (exchangeError) {
    const message =
      exchangeError instanceof Error && exchangeError.message
        ? exchangeError.message
        : WEB_MESSAGES.auth.googleLoginFailed;
    throw new GoogleCallbackError(message, WEB_MESSAGES.auth.toastGoogleCancelled);
  }
}

/** One exchange per callback URL: a code is single-use, and StrictMode runs effects twice. */
const exchanges = new Map<string, Promise<GoogleSignInResponse>>();

function completeOnce(search: string): Promise<GoogleSignInResponse> {
  let exchange = exchanges.get(search);
  if (!exchange) {
    exchange = completeGoogleSignIn(new URLSearchParams(search));
    exchanges.set(search, exchange);
  }
  return exchange;
}

export type GoogleCallbackState =
  | { status: 'working' }
  | { status: 'failed'; message: string }
  | { status: 'link'; challenge: GoogleLinkChallenge };

export function useGoogleCallback(): GoogleCallbackState {
  const [searchParams] = useSearchParams();
  const search = searchParams.toString();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const [state, setState] = useState<GoogleCallbackState>({ status: 'working' });

  useEffect(() => {
    let active = true;
    completeOnce(search).then(
      (reply) => {
        if (!active) return;
        if ('linkRequired' in reply) {
          setState({ status: 'link', challenge: reply });
          return;
        }
        signIn(reply);
        void navigate(
          hasAdminAccess(reply.user) ? paths.admin.atlas.getHref() : paths.login.getHref(),
          {
            replace: true,
          },
        );
      },
      (error: unknown) => {
        if (!active) return;
        const failure =
          error instanceof GoogleCallbackError
            ? error
            : new GoogleCallbackError(
                WEB_MESSAGES.auth.googleLoginFailed,
                WEB_MESSAGES.auth.toastGoogleCancelled,
              );
        toast.error(failure.toastMessage);
        setState({ status: 'failed', message: failure.message });
      },
    );
    return () => {
      active = false;
    };
  }, [search, signIn, navigate]);

  useEffect(() => {
    if (state.status !== 'failed') return;
    const timer = window.setTimeout(
      () => void navigate(paths.login.getHref(), { replace: true }),
      CALLBACK_FAILURE_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [state.status, navigate]);

  return state;
}
