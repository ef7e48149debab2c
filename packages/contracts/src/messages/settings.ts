export const settings = {
  adminRequired: 'Only an organization admin can change these settings',
  invalidAddress: (entry: string) => `"${entry}" is not an IPv4 or IPv6 address or CIDR range`,
  emptyAllowList: 'Add at least one address or range before turning the IP allow list on',
  ownTwoFactorFirst:
    'Set up two-factor authentication for your own account (Profile) before requiring it: you signed in with a password and have none.',
  selfLockout: (ip: string) =>
    `The IP allow list does not include your own address (${ip}): saving it would lock you out. Add it, or a range that holds it.`,
  retrieved: (label: string) => `${label} retrieved`,
  saved: (label: string) => `${label} saved`,
} as const;
