export const invitation = {
  adminRequired: 'Only an organization admin can invite people',
  userExists: 'A user with this email already exists',
  /** One answer for another organization's domain and another organization's user alike. */
  notInvitable: 'This address cannot be invited to this organization',
  internalOnly: 'Addresses at the internal domain can only join the internal organization',
  invalid: 'This invitation link is not valid',
  used: 'This invitation has already been used',
  expired: 'This invitation has expired. Ask your administrator for a new one.',
  sent: 'Invitation sent',
  found: 'Invitation found',
} as const;
