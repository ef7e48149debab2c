export const me = {
  wrongPassword: 'Current password is incorrect',
  noPassword: 'This account signs in with Google and has no password to change',
  samePassword: 'The new password must be different from the current one',
  sessionNotFound: 'Session not found',
  noGoogleLink: 'No Google account is linked to this account',
  googleOnly: 'This account signs in only with Google: unlinking it would leave no way in',
  profileRetrieved: 'Profile retrieved',
  profileUpdated: 'Profile updated',
  preferencesRetrieved: 'Preferences retrieved',
  preferencesSaved: 'Preferences saved',
  notificationSettingsRetrieved: 'Notification settings retrieved',
  notificationSettingsSaved: 'Notification settings saved',
} as const;
