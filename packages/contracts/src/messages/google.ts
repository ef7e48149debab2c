export const google = {
  notConfigured: 'Google sign-in is not configured on this server',
  codeRejected: 'Google sign-in failed: the authorization code is invalid, expired or already used',
  unverified: 'Google sign-in failed: the identity could not be verified',
  emailNotVerified: 'Google sign-in failed: your Google email address is not verified',
  domainNotAllowed: (domain: string) =>
    `This email domain is not allowed by Meridian. Allowed: ${domain}`,
  externalAccessOff:
    'Your organization does not allow Google sign-in. Sign in with your email and password.',
  unknownAccount:
    'No Meridian account uses this Google address. Ask your administrator for an invitation.',
  staffWorkspace: (domain: string) =>
    `Meridian staff sign in with their ${domain} Google Workspace account.`,
  otherGoogleAccount:
    'This Google account is not the one linked to your Meridian account. Sign in with your password, or with the linked Google account.',
  linkRequired:
    'Confirm your Meridian password once to link your Google account. After that, Google signs you in.',
  linkExpired: 'This Google sign-in has expired. Sign in with Google again.',
  linkTooManyTries: 'Too many wrong passwords. Sign in with Google again.',
  wrongPassword: 'Incorrect password',
  linkedElsewhere: 'This Google account is already linked to another Meridian account',
  unlinked: 'Google account unlinked',
} as const;
