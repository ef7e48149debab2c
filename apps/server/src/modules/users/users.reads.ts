import { face } from '../../lib/face.js';
import { usersRepository } from './users.repository.js';

export type { AccessFacts, NewUser, UserRow } from './users.repository.js';

/** What other modules may read of the users: one found by id, e-mail or Google account. */
export const usersReads = face(usersRepository, [
  'findById',
  'findByEmail',
  'findByGoogleSub',
  'findForAccess',
]);
