/** Why a request is refused before any route runs (the API guard and the sessions module). */
export const access = {
  invalidToken: 'Invalid or expired token',
  organizationDisabled: 'Your organization is disabled',
  actAsMalformed: 'X-Act-As-Organization must be an organization id',
  actAsForbidden: 'You cannot act as another organization',
  addressNotAllowed: (ip: string) =>
    `Your organization allows access only from approved IP addresses, and this one (${ip}) is not on its list. Ask an admin of your organization to add it.`,
  twoFactorPolicy:
    'Your organization requires two-factor authentication. Set it up before you continue.',
  passwordChangeRequired: 'Choose a new password before you continue',
} as const;
