import * as API_MESSAGES from '@meridian/contracts/messages';
import type { Executor } from '../../db/client.js';
import { face } from '../../lib/face.js';
import { notFound } from '../../lib/errors.js';
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

/** The incident when the organization sees it (its own or a global one); else a 404. */
export async function visibleIncident(
  db: Executor,
  organizationId: string,
  incidentId: string,
  message: string = API_MESSAGES.incident.notFound,
) {
  const incident = await incidentsRepository.findVisible(db, organizationId, incidentId);
  if (!incident) throw notFound(message);
  return incident;
}
