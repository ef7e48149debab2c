import { IncidentResponse, type IncidentUpdate } from '@meridian/contracts';
import { authenticatedRequest } from '@/lib/api-client';
import * as WEB_MESSAGES from '@/config/messages';

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
      fallbackMessage: WEB_MESSAGES.incident.updateFailed,
    })
  ).data.incident;
