import { EVENTS_POLL_INTERVAL_MS } from '@/config/constants';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { IncidentExposureResponse } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const getExposure = async (incidentId: string, signal?: AbortSignal) =>
  (
    await authenticatedRequest(`/incidents/${encodeURIComponent(incidentId)}/exposure`, {
      schema: IncidentExposureResponse,
      fallbackMessage: WEB_MESSAGES.exposure.loadFailed,
      signal,
    })
  ).data;

/** The organization's sites and shipments the incident reaches now, polled like the list. */
export function useExposure(incidentId: string) {
  const organizationId = useActiveOrganizationId();
  return useQuery({
    queryKey: queryKeys.atlas.exposure(organizationId, incidentId),
    queryFn: ({ signal }) => getExposure(incidentId, signal),
    refetchInterval: EVENTS_POLL_INTERVAL_MS,
  });
}
