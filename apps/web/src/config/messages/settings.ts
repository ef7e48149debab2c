/** Fallbacks of the settings screens, used when a failed reply carries no message of its own. */
export const settings = {
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
  loadCurrency: 'Failed to load the currency settings',
  saveCurrency: 'Failed to save the currency settings',
  /** Why MANAGERs and VIEWERs see organization settings read-only (the server says the same). */
  adminOnly: 'Only an organization admin can change these settings',
} as const;
