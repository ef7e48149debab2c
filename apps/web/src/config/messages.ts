import { LIMITS } from '@meridian/contracts/constants';
import { PRODUCT_NAME } from './constants';

/** Every user-facing message of the specification (parts 5 and 8), with the product named. */
export const AUTH_MESSAGES = {
  loginFailed: 'Login failed',
  loginFailedStatus: (status: number) => `Login failed (HTTP ${status})`,
  loginMalformed: 'Login failed: malformed server response',
  googleLoginFailed: 'Google login failed',
  googleLoginFailedStatus: (status: number) => `Google login failed (HTTP ${status})`,
  googleLoginMalformed: 'Google login failed: malformed server response',
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

export const ACCOUNT_REQUEST_FAILED = 'Account request failed';
export const ACCOUNT_REQUEST_FAILED_STATUS = (status: number) =>
  `Account request failed (HTTP ${status})`;

export const ADMIN_FALLBACK_MESSAGES = {
  loadUsers: 'Failed to load users',
  loadUser: 'Failed to load user',
  update: 'Update failed',
  delete: 'Delete failed',
  loadOrganizations: 'Failed to load organizations',
  createOrganization: 'Failed to create organization',
  loadOrganization: 'Failed to load organization',
  updateOrganization: 'Failed to update organization',
} as const;

/** Texts of the team-member screens and the invitation link (spec parts 2, 5 and 7). */
export const TEAM_MESSAGES = {
  userUpdated: 'User updated',
  userDeleted: 'User deleted',
  deleteConfirm: 'Are you sure you want to delete this user? This action cannot be undone.',
  invitationSent: 'Invitation sent',
  inviteFailed: 'Invite failed',
  inviteAdminRequired: 'Only an organization admin can invite people',
  manageAdminRequired: 'Only an organization admin can manage users',
  manageNotYourself: 'You cannot change or delete your own account here',
  invitationMissingToken: 'This invitation link is not valid',
  invitationLookupFailed: 'Failed to load the invitation',
  invitationAcceptFailed: 'Failed to accept the invitation',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameTooLong: `At most ${LIMITS.name} characters`,
  passwordTooShort: `Password must be at least ${LIMITS.passwordMin} characters`,
  passwordTooLong: `Password must be at most ${LIMITS.passwordMax} characters`,
  linkCopied: 'Link copied',
  copyFailed: 'Copy failed: select the link and copy it',
} as const;

/** Texts of the organization screens besides the fallbacks above. */
export const ORGANIZATION_PAGE_MESSAGES = {
  created: 'Organization created',
  updated: 'Organization updated',
  deleted: 'Organization deleted',
  deleteConfirm: (name: string) =>
    `Are you sure you want to delete ${name}? It will be disabled and hidden; its data is kept.`,
  platformAdminRequired: 'Only platform admins can manage organizations',
  requestApproved: 'Account request approved',
  requestDismissed: 'Account request dismissed',
  loadRequests: 'Failed to load account requests',
  approveFailed: 'Approve failed',
  dismissFailed: 'Dismiss failed',
} as const;

export const LOADING_TEXT = `Loading ${PRODUCT_NAME}...`;

/** Shown when the browser cannot reach the server at all. */
export const NETWORK_ERROR = 'Cannot reach the server. Check your connection and try again.';

/** Texts of the monitoring screens (spec parts 2 and 8). */
export const EVENTS_MESSAGES = {
  title: 'Events',
  subtitle: 'Ongoing and historical incidents scoped to your organization',
  loadFailed: 'Unable to load events',
  loadFailedInner: 'Failed to load events',
  empty: 'No incidents found for this scope.',
  locationUnavailable: 'Approximate or unavailable',
  dateUnknown: 'Unknown',
  eventNotFound: 'Event not found',
  eventLoadFailed: 'Unable to load this event',
} as const;

export const MAP_UNAVAILABLE = 'Map unavailable';

/** Feedback of the buttons the spec gives no action yet (Create Plan, Create Memo, ...). */
export const COMING_SOON = 'Coming soon';

/** Fallbacks of the settings screens, used when a failed reply carries no message of its own. */
export const SETTINGS_MESSAGES = {
  loadProfile: 'Failed to load profile',
  saveProfile: 'Failed to save profile',
  loadPreferences: 'Failed to load preferences',
  savePreferences: 'Failed to save preferences',
  changePassword: 'Failed to change password',
  loadSessions: 'Failed to load sessions',
  revokeSession: 'Failed to sign the session out',
  loadNotifications: 'Failed to load notification settings',
  saveNotifications: 'Failed to save notification settings',
  loadSecurity: 'Failed to load security settings',
  saveSecurity: 'Failed to save security settings',
  loadPlatform: 'Failed to load platform settings',
  savePlatform: 'Failed to save platform settings',
  /** Why MANAGERs and VIEWERs see organization settings read-only (the server says the same). */
  adminOnly: 'Only an organization admin can change these settings',
} as const;
