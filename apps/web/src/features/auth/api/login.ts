import { AUTH_MESSAGES } from '@/config/messages';
import { publicRequest } from '@/lib/api-client';
import { AuthResponse, type LoginPayload } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

export const loginFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, AUTH_MESSAGES.emailRequired)
    .pipe(z.email(AUTH_MESSAGES.emailInvalid)),
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired),
});
export type LoginFormValues = z.input<typeof loginFormSchema>;

/** A reply without accessToken and user is malformed (spec part 5). */
export const loginWithPassword = (payload: LoginPayload): Promise<AuthResponse> =>
  publicRequest('/auth/login', {
    method: 'POST',
    body: payload,
    schema: AuthResponse,
    fallbackMessage: AUTH_MESSAGES.loginFailedStatus,
    malformedMessage: AUTH_MESSAGES.loginMalformed,
  });

export const useLogin = () =>
  useMutation({ mutationFn: loginWithPassword, meta: { errorToast: false } });
