import { AUTH_MESSAGES } from '@/config/messages';
import { publicRequest } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import type { AuthResponse, LoginPayload } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';

/** A reply without accessToken and user is malformed (spec part 5). */
export const loginWithPassword = (payload: LoginPayload): Promise<AuthResponse> =>
  publicRequest('/auth/login', {
    method: 'POST',
    body: payload,
    schema: lazySchema('AuthResponse'),
    fallbackMessage: AUTH_MESSAGES.loginFailedStatus,
    malformedMessage: AUTH_MESSAGES.loginMalformed,
  });

export const useLogin = () =>
  useMutation({ mutationFn: loginWithPassword, meta: { errorToast: false } });
