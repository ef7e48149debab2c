import { face } from '../../lib/face.js';
import { invitationsRepository } from './invitations.repository.js';

export type { InvitationRow } from './invitations.repository.js';

/** What other modules may read of the invitations: the open one of a user, at sign-in. */
export const invitationsReads = face(invitationsRepository, ['findOpenForUser']);
