import { EVENTS_MESSAGES } from '@/config/messages';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { IncidentDetailResponse } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const getIncident = async (incidentId: string, signal?: AbortSignal) =>
  (
    await authenticatedRequest(`/atlas/events/${encodeURIComponent(incidentId)}`, {
      schema: IncidentDetailResponse,
      fallbackMessage: EVENTS_MESSAGES.eventLoadFailed,
      signal,
    })
  ).data;

export const incidentQuery = (incidentId: string, organizationId: string | null) =>
  queryOptions({
    queryKey: ['atlas', 'event', organizationId, incidentId],
    queryFn: ({ signal }) => getIncident(incidentId, signal),
  });

/** One incident and the active organization's shipments near it. */
export function useIncident(incidentId: string) {
  const organizationId = useActiveOrganizationId();
  return useQuery(incidentQuery(incidentId, organizationId));
}
