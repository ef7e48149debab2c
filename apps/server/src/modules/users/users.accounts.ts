import { face } from '../../lib/face.js';
import { usersRepository } from './users.repository.js';

/**
 * The account changes the identity modules make on the users' rows: an invitation accepted
 * creates one (`lockInOrganization` first serializes its organization's members), sign-in and
 * the profile update one, and ending every session bumps its token version.
 */
export const userAccounts = face(usersRepository, [
  'insert',
  'update',
  'bumpTokenVersion',
  'lockInOrganization',
]);
