import { face } from '../../lib/face.js';
import { plansRepository } from './plans.repository.js';

export type { PersonRow } from './plans.repository.js';

/** What other modules may read of the plans: the people named on them, how a response stands. */
export const plansReads = face(plansRepository, ['people', 'statesOf']);
