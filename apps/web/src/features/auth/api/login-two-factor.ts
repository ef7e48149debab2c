import { publicRequest } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import type { AuthResponse, TwoFactorLoginPayload } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

/** The second sign-in step: the challenge of the password step and a code (or a recovery code). */
export const loginWithTwoFactor = (payload: TwoFactorLoginPayload): Promise<AuthResponse> =>
  publicRequest('/auth/login/2fa', {
    method: 'POST',
    body: payload,
    schema: lazySchema('AuthResponse'),
    fallbackMessage: WEB_MESSAGES.twoFactor.verifyFailedStatus,
    malformedMessage: WEB_MESSAGES.twoFactor.verifyMalformed,
  });

export const useLoginTwoFactor = () =>
  useMutation({ mutationFn: loginWithTwoFactor, meta: { errorToast: false } });
