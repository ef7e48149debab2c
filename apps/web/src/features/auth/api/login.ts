import { publicRequest } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import type { LoginPayload, LoginResponse, TwoFactorChallenge } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

/**
 * A reply without accessToken and user is malformed (spec part 5), unless it is the challenge
 * of an account with two-factor authentication.
 */
export const loginWithPassword = (payload: LoginPayload): Promise<LoginResponse> =>
  publicRequest('/auth/login', {
    method: 'POST',
    body: payload,
    schema: lazySchema('LoginResponse'),
    fallbackMessage: WEB_MESSAGES.auth.loginFailedStatus,
    malformedMessage: WEB_MESSAGES.auth.loginMalformed,
  });

export const useLogin = () =>
  useMutation({ mutationFn: loginWithPassword, meta: { errorToast: false } });

/** Written here, not imported from the contracts: the login page loads without them. */
export const isTwoFactorChallenge = (reply: LoginResponse): reply is TwoFactorChallenge =>
  'twoFactorRequired' in reply;
