import { EVENTS_POLL_INTERVAL_MS } from '@/config/constants';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { IncidentDetailResponse } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const getIncident = async (incidentId: string, signal?: AbortSignal) =>
  (
    await authenticatedRequest(`/atlas/events/${encodeURIComponent(incidentId)}`, {
      schema: IncidentDetailResponse,
      fallbackMessage: WEB_MESSAGES.events.eventLoadFailed,
      signal,
    })
  ).data;

export const incidentQuery = (incidentId: string, organizationId: string | null) =>
  queryOptions({
    queryKey: queryKeys.atlas.incident(organizationId, incidentId),
    queryFn: ({ signal }) => getIncident(incidentId, signal),
  });

/** One incident and the active organization's shipments near it. */
export function useIncident(incidentId: string) {
  const organizationId = useActiveOrganizationId();
  return useQuery({
    ...incidentQuery(incidentId, organizationId),
    refetchInterval: EVENTS_POLL_INTERVAL_MS,
  });
}
