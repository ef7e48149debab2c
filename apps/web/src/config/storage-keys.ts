/** The four localStorage keys of the app (public/theme-init.js repeats the theme key). */
export const STORAGE_KEYS = {
  accessToken: 'meridian.accessToken',
  refreshToken: 'meridian.refreshToken',
  activeOrganizationId: 'meridian.activeOrganizationId',
  theme: 'meridian.theme',
} as const;

/** sessionStorage keys that carry the Google sign-in round trip from the login page to the callback. */
export const SESSION_KEYS = {
  googleState: 'meridian.google.state',
  googleCodeVerifier: 'meridian.google.codeVerifier',
  googleNonce: 'meridian.google.nonce',
} as const;
