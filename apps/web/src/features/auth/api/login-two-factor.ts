import { TWO_FACTOR_MESSAGES } from '@/config/two-factor-messages';
import { publicRequest } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import type { AuthResponse, TwoFactorLoginPayload } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';

/** The second sign-in step: the challenge of the password step and a code (or a recovery code). */
export const loginWithTwoFactor = (payload: TwoFactorLoginPayload): Promise<AuthResponse> =>
  publicRequest('/auth/login/2fa', {
    method: 'POST',
    body: payload,
    schema: lazySchema('AuthResponse'),
    fallbackMessage: TWO_FACTOR_MESSAGES.verifyFailedStatus,
    malformedMessage: TWO_FACTOR_MESSAGES.verifyMalformed,
  });

export const useLoginTwoFactor = () =>
  useMutation({ mutationFn: loginWithTwoFactor, meta: { errorToast: false } });
