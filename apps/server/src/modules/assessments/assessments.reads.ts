import { face } from '../../lib/face.js';
import { assessmentsRepository } from './assessments.repository.js';

/** What other modules may read of assessments: how each site stands, for value at risk. */
export const assessmentsReads = face(assessmentsRepository, ['statesOf']);
