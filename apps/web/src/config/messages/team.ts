import { LIMITS } from '@meridian/contracts/constants';

/** Texts of the team-member screens and the invitation link (spec parts 2, 5 and 7). */
export const team = {
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
