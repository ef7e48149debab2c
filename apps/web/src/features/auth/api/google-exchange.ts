import { publicRequest } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import type {
  AuthResponse,
  GoogleExchangePayload,
  GoogleLinkPayload,
  GoogleSignInResponse,
} from '@meridian/contracts';
import * as WEB_MESSAGES from '@/config/messages';

/** The callback page's calls (not the login page's: they load with the callback). */

/** A session, or (a password account not yet linked to Google) the password confirmation asked. */
export const exchangeGoogleCode = (payload: GoogleExchangePayload): Promise<GoogleSignInResponse> =>
  publicRequest('/auth/google', {
    method: 'POST',
    body: payload,
    schema: lazySchema('GoogleSignInResponse'),
    fallbackMessage: WEB_MESSAGES.googleLink.exchangeFailedStatus,
    malformedMessage: WEB_MESSAGES.googleLink.exchangeMalformed,
  });

/** Links Google to a password account: the password confirms the first Google sign-in. */
export const linkGoogleAccount = (payload: GoogleLinkPayload): Promise<AuthResponse> =>
  publicRequest('/auth/google/link', {
    method: 'POST',
    body: payload,
    schema: lazySchema('AuthResponse'),
    fallbackMessage: WEB_MESSAGES.googleLink.failedStatus,
    malformedMessage: WEB_MESSAGES.googleLink.exchangeMalformed,
  });
