export const userRule = {
  adminRequired: 'Only an organization admin can manage users',
  notYourself: 'You cannot change or delete your own account here',
  outranked: 'You can only manage users whose platform role is below yours',
  pendingNotSettable:
    'PENDING means invited and never activated; an admin sets ACTIVE or DEACTIVATED',
  activatesByInvitation: 'An invited user becomes active by accepting the invitation',
  lastOwner: 'There must always be at least one active platform owner',
  lastAdmin: 'An organization needs at least one active admin',
} as const;
