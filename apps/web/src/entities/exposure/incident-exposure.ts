import { EVENTS_POLL_INTERVAL_MS } from '@/config/constants';
import { EXPOSURE_MESSAGES } from '@/config/messages';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { IncidentExposureResponse } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';

export const getExposure = async (incidentId: string, signal?: AbortSignal) =>
  (
    await authenticatedRequest(`/incidents/${encodeURIComponent(incidentId)}/exposure`, {
      schema: IncidentExposureResponse,
      fallbackMessage: EXPOSURE_MESSAGES.loadFailed,
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
