import { INCIDENT_MESSAGES_WEB } from '@/config/messages';
import { IncidentResponse, type IncidentUpdate } from '@meridian/contracts';
import { authenticatedRequest } from '@/lib/api-client';

/**
 * PATCH /incidents/{id}: the event screens edit incidents, and the Plans screen resolves one
 * when its last plan is complete.
 */
export const updateIncident = async (incidentId: string, change: IncidentUpdate) =>
  (
    await authenticatedRequest(`/incidents/${encodeURIComponent(incidentId)}`, {
      method: 'PATCH',
      body: change,
      schema: IncidentResponse,
      fallbackMessage: INCIDENT_MESSAGES_WEB.updateFailed,
    })
  ).data.incident;
