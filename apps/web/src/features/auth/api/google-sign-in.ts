import { GOOGLE_SCOPES } from '@/config/constants';
import { paths } from '@/config/paths';
import { SESSION_KEYS } from '@/config/storage-keys';
import { sessionStore } from '@/lib/storage';
import type { PublicConfig } from '@meridian/contracts';
import { emailDomain } from '@meridian/contracts/constants';
import * as WEB_MESSAGES from '@/config/messages';

type GoogleSettings = NonNullable<PublicConfig['google']>;

export const googleRedirectUri = (): string =>
  new URL(paths.googleCallback.path, window.location.origin).href;

/** The message that stops a Google sign-in before it starts, or null when it may go ahead. */
export function googleEmailProblem(allowedDomain: string | null, email: string): string | null {
  if (!allowedDomain) return null;
  if (!email) return WEB_MESSAGES.auth.googleEmailRequired(allowedDomain);
  if (emailDomain(email) !== allowedDomain.toLowerCase()) {
    return WEB_MESSAGES.auth.googleDomainNotAllowed(allowedDomain);
  }
  return null;
}

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  bytes.forEach((byte) => {
    binary += String.fromCharCode(byte);
  });
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const randomToken = (byteLength: number) =>
  base64Url(crypto.getRandomValues(new Uint8Array(byteLength)));

async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

/**
 * The consent-page address of the authorisation-code flow (spec part 7), at the authorization
 * endpoint the server found through discovery. A random state, nonce and PKCE verifier wait in
 * sessionStorage for the callback page to check and send.
 */
export async function buildGoogleAuthorizeUrl(
  google: GoogleSettings,
  authorizationEndpoint: string,
  email: string,
): Promise<string> {
  const state = randomToken(32);
  const nonce = randomToken(32);
  const params = new URLSearchParams({
    client_id: google.clientId,
    redirect_uri: googleRedirectUri(),
    response_type: 'code',
    scope: GOOGLE_SCOPES.join(' '),
    access_type: 'offline',
    prompt: 'select_account',
    state,
    nonce,
  });
  sessionStore.set(SESSION_KEYS.googleState, state);
  sessionStore.set(SESSION_KEYS.googleNonce, nonce);
  // crypto.subtle exists only on secure origins; without it the flow runs without PKCE.
  if (crypto.subtle) {
    const verifier = randomToken(48);
    sessionStore.set(SESSION_KEYS.googleCodeVerifier, verifier);
    params.set('code_challenge', await pkceChallenge(verifier));
    params.set('code_challenge_method', 'S256');
  } else {
    sessionStore.remove(SESSION_KEYS.googleCodeVerifier);
  }
  if (google.allowedDomain) params.set('hd', google.allowedDomain);
  if (email) params.set('login_hint', email);
  const url = new URL(authorizationEndpoint);
  params.forEach((value, key) => url.searchParams.set(key, value));
  return url.href;
}
