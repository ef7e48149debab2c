import { PRODUCT_NAME } from '../constants';

/** Sign-in, Google sign-in and sign-out: the specification's messages (parts 5 and 8). */
export const auth = {
  loginFailed: 'Login failed',
  loginFailedStatus: (status: number) => `Login failed (HTTP ${status})`,
  loginMalformed: 'Login failed: malformed server response',
  googleLoginFailed: 'Google login failed',
  validationFailed: 'Token validation failed',
  noRefreshToken: 'No refresh token available',
  refreshFailed: 'Token refresh failed',
  authenticationFailed: 'Authentication failed',
  googleEmailRequired: (domain: string) =>
    `Please enter your work email (${domain}) to continue with Google`,
  googleDomainNotAllowed: (domain: string) =>
    `This email domain is not allowed by ${PRODUCT_NAME}. Allowed: ${domain}`,
  googleNotConfigured: `Google sign-in is not configured for this ${PRODUCT_NAME} server`,
  googleUnavailable: 'Google sign-in is unavailable right now. Try again in a moment.',
  googleCallbackError: (error: string) => `Google authentication failed: ${error}`,
  googleCallbackNoCode: 'No authorization code received from Google',
  googleCallbackStateMismatch: 'Google authentication failed: the sign-in session did not match',
  toastInvalidGoogleResponse: 'Invalid Google authentication response',
  toastGoogleCancelled: 'Google authentication was cancelled or failed',
  signOutConfirm: 'Are you sure you want to sign out?',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
} as const;
