import { face } from '../../lib/face.js';
import { assessmentsRepository } from './assessments.repository.js';
import { supplierRequestsRepository } from './supplier-requests.repository.js';

/** What other modules may read of assessments: how each site stands, for value at risk. */
export const assessmentsReads = face(assessmentsRepository, ['statesOf', 'statesIn']);

/** How suppliers answered in a window, for Insights. */
export const supplierRequestsReads = face(supplierRequestsRepository, ['responseStats']);
export type { ResponseCounts } from './supplier-requests.repository.js';
