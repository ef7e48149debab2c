import { face } from '../../lib/face.js';
import { incidentsRepository } from './incidents.repository.js';

export {
  incidentScope,
  type IncidentEventRow,
  type IncidentRow,
  type NewIncident,
  type NewIncidentEvent,
} from './incidents.repository.js';

/**
 * What other modules may read of the incidents. `incidentScope` is the one rule of which
 * incidents an organization sees: its own, and with the GLOBAL scope the shared ones too.
 */
export const incidentsReads = face(incidentsRepository, [
  'findVisible',
  'listEvents',
  'findAssignable',
  'idsOf',
]);
