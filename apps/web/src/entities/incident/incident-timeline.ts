import { EVENTS_POLL_INTERVAL_MS } from '@/config/constants';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { TimelineResponse } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const getTimeline = async (incidentId: string, signal?: AbortSignal) =>
  (
    await authenticatedRequest(`/incidents/${encodeURIComponent(incidentId)}/timeline`, {
      schema: TimelineResponse,
      fallbackMessage: WEB_MESSAGES.incident.timelineFailed,
      signal,
    })
  ).data.entries;

/** The incident's history, oldest first, polled like the Events list. */
export function useTimeline(incidentId: string) {
  const organizationId = useActiveOrganizationId();
  return useQuery({
    queryKey: queryKeys.atlas.timeline(organizationId, incidentId),
    queryFn: ({ signal }) => getTimeline(incidentId, signal),
    refetchInterval: EVENTS_POLL_INTERVAL_MS,
  });
}
