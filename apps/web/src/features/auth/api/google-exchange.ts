import { publicRequest } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import type {
  AuthResponse,
  GoogleExchangePayload,
  GoogleLinkPayload,
  GoogleSignInResponse,
} from '@meridian/contracts';

/** The callback page's calls (not the login page's: they load with the callback). */

const EXCHANGE_MESSAGES = {
  failedStatus: (status: number) => `Google login failed (HTTP ${status})`,
  malformed: 'Google login failed: malformed server response',
} as const;

export const GOOGLE_LINK_MESSAGES = {
  failed: 'Linking Google failed',
  failedStatus: (status: number) => `Linking Google failed (HTTP ${status})`,
} as const;

/** A session, or (a password account not yet linked to Google) the password confirmation asked. */
export const exchangeGoogleCode = (payload: GoogleExchangePayload): Promise<GoogleSignInResponse> =>
  publicRequest('/auth/google', {
    method: 'POST',
    body: payload,
    schema: lazySchema('GoogleSignInResponse'),
    fallbackMessage: EXCHANGE_MESSAGES.failedStatus,
    malformedMessage: EXCHANGE_MESSAGES.malformed,
  });

/** Links Google to a password account: the password confirms the first Google sign-in. */
export const linkGoogleAccount = (payload: GoogleLinkPayload): Promise<AuthResponse> =>
  publicRequest('/auth/google/link', {
    method: 'POST',
    body: payload,
    schema: lazySchema('AuthResponse'),
    fallbackMessage: GOOGLE_LINK_MESSAGES.failedStatus,
    malformedMessage: EXCHANGE_MESSAGES.malformed,
  });
