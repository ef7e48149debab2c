import { LIMITS } from '@meridian/contracts/constants';
import { PRODUCT_NAME } from './constants';

/** Every user-facing message of the specification (parts 5 and 8), with the product named. */
export const AUTH_MESSAGES = {
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
  noMembersMatch: 'No members match this search and these filters.',
} as const;

/** Texts of the organization screens besides the fallbacks above. */
export const ORGANIZATION_PAGE_MESSAGES = {
  created: 'Organization created',
  updated: 'Organization updated',
  deleted: 'Organization deleted',
  deleteConfirm: (name: string) =>
    `Are you sure you want to delete ${name}? It will be disabled and hidden; its data is kept.`,
  platformAdminRequired: 'Only platform admins can manage organizations',
  noneMatch: 'No organizations match this search.',
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

/** Feedback of working incidents (create, change, comment). */
export const INCIDENT_MESSAGES_WEB = {
  created: (title: string) => `Incident "${title}" created`,
  updated: (title: string) => `Incident "${title}" updated`,
  createFailed: 'Could not create the incident',
  updateFailed: 'Could not update the incident',
  commentFailed: 'Could not add the comment',
  timelineFailed: 'Unable to load the timeline',
  membersFailed: 'Unable to load the team',
  feedReportsFailed: 'Unable to load the feeds that reported it',
  splitFailed: 'Could not split the report',
} as const;

export const EXPOSURE_MESSAGES = {
  summaryFailed: 'Unable to load the exposure counts',
  loadFailed: 'Unable to load the exposure',
  none: 'Nothing of your organization is in reach of this incident.',
  noLocation: 'This incident has no location or area, so nothing can be matched to it.',
} as const;

export const JOBS_MESSAGES_WEB = {
  loadFailed: 'Unable to load the background work',
} as const;

export const SOURCE_MESSAGES_WEB = {
  loadFailed: 'Unable to load the data sources',
  addFailed: 'Unable to add the data source',
  updateFailed: 'Unable to change the data source',
  pollFailed: 'Unable to poll the data source',
  deleteFailed: 'Unable to remove the data source',
  added: (name: string) => `${name} added: it is polled now`,
  paused: (name: string) => `${name} paused`,
  resumed: (name: string) => `${name} resumed`,
  polling: (name: string) => `Polling ${name}...`,
  deleted: (name: string) => `${name} removed`,
} as const;

export const API_KEY_MESSAGES_WEB = {
  loadFailed: 'Unable to load the API keys',
  createFailed: 'Unable to create the API key',
  revokeFailed: 'Unable to revoke the API key',
  created: (name: string) => `API key ${name} created`,
  revoked: (name: string) => `API key ${name} revoked`,
  copied: 'API key copied',
} as const;

export const NOTIFICATION_MESSAGES_WEB = {
  loadFailed: 'Unable to load notifications',
  markReadFailed: 'Unable to mark the notification as read',
  markAllReadFailed: 'Unable to mark the notifications as read',
  empty: "You're all caught up",
  emptyDetail: 'Alerts about your incidents and exposures appear here.',
} as const;

export const INTEGRATION_MESSAGES_WEB = {
  loadFailed: 'Unable to load the integrations',
  addFailed: 'Unable to add the integration',
  updateFailed: 'Unable to change the integration',
  removeFailed: 'Unable to remove the integration',
  testFailed: 'Unable to send the test message',
  deliveriesFailed: 'Unable to load the deliveries',
  redeliverFailed: 'Unable to queue the delivery again',
  paused: (name: string) => `Alerts to ${name} paused`,
  resumed: (name: string) => `Alerts to ${name} resumed`,
  saved: (name: string) => `${name} saved`,
  removed: (name: string) => `${name} removed`,
  secretCopied: 'Signing secret copied',
  none: 'No integrations yet. Add one to post alerts to Slack, Microsoft Teams or your own systems.',
  noDeliveries: 'Nothing has been sent here yet.',
  smtpMissing: 'SMTP is not configured',
  smsMissing: 'No SMS gateway is configured',
} as const;

export const MAP_UNAVAILABLE = 'Map unavailable';

/** Feedback of the buttons the spec gives no action yet (Create Plan, Create Memo, ...). */
export const COMING_SOON = 'Coming soon';

/** Fallbacks of the settings screens, used when a failed reply carries no message of its own. */
export const SETTINGS_MESSAGES = {
  loadProfile: 'Failed to load profile',
  saveProfile: 'Failed to save profile',
  savePreferences: 'Failed to save preferences',
  changePassword: 'Failed to change password',
  loadSessions: 'Failed to load sessions',
  revokeSession: 'Failed to sign the session out',
  loadNotifications: 'Failed to load notification settings',
  saveNotifications: 'Failed to save notification settings',
  loadNotificationDefaults: 'Failed to load notification defaults',
  saveNotificationDefaults: 'Failed to save notification defaults',
  loadSecurity: 'Failed to load security settings',
  saveSecurity: 'Failed to save security settings',
  loadPlatform: 'Failed to load platform settings',
  savePlatform: 'Failed to save platform settings',
  /** Why MANAGERs and VIEWERs see organization settings read-only (the server says the same). */
  adminOnly: 'Only an organization admin can change these settings',
} as const;

export const SUPPLIERS_MESSAGES = {
  description:
    'Suppliers, facilities, warehouses, ports and customers, and the shipments between them: Meridian watches them for incidents.',
  loadSitesFailed: 'Unable to load sites',
  loadShipmentsFailed: 'Unable to load shipments',
  loadExposureFailed: 'Unable to load the incidents reaching this site',
  noSites: 'No sites yet. Add your suppliers one by one, or import them from a CSV file.',
  noSitesMatch: 'No sites match these filters.',
  noShipments: 'No shipments yet. Import them from a CSV file.',
  noShipmentsMatch: 'No shipments match these filters.',
  saveFailed: 'Saving the site failed',
  created: (name: string) => `Site "${name}" added`,
  updated: (name: string) => `Site "${name}" saved`,
  archived: (name: string) => `Site "${name}" archived`,
  restored: (name: string) => `Site "${name}" restored`,
  archiveConfirm: (name: string) =>
    `Archive "${name}"? It leaves the list and is no longer matched against incidents; you can restore it from the archived sites.`,
  readOnly: 'Only managers and admins of your organization change sites and shipments.',
  exportFailed: 'Exporting the sites failed',
  importFailed: 'The import failed',
  importRefused: 'Nothing was imported: fix these rows in the file and choose it again.',
  importHasErrors:
    'Nothing will be imported while the file has errors: an import is written whole or not at all. Fix these rows and choose the file again.',
  noExternalRef:
    'No column is matched to External reference: importing this file again will add its sites again instead of updating them.',
  imported: (kind: 'sites' | 'shipments', created: number, updated: number) =>
    `Imported ${(created + updated).toLocaleString('en')} ${kind}: ${created.toLocaleString('en')} new, ${updated.toLocaleString('en')} updated.`,
} as const;
