import { EVENTS_POLL_INTERVAL_MS } from '@/config/constants';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { IncidentExposureResponse, isInReach } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export type IncidentExposure = IncidentExposureResponse['data'];

/** Everything the incident reached of the organization, cleared items included. */
export const getExposure = async (incidentId: string, signal?: AbortSignal) =>
  (
    await authenticatedRequest(
      `/incidents/${encodeURIComponent(incidentId)}/exposure?include=cleared`,
      {
        schema: IncidentExposureResponse,
        fallbackMessage: WEB_MESSAGES.exposure.loadFailed,
        signal,
      },
    )
  ).data;

/**
 * The organization's sites and shipments the incident reaches now and those it reached while
 * active, polled like the list.
 */
export function useExposure(incidentId: string) {
  const organizationId = useActiveOrganizationId();
  return useQuery({
    queryKey: queryKeys.atlas.exposure(organizationId, incidentId),
    queryFn: ({ signal }) => getExposure(incidentId, signal),
    refetchInterval: EVENTS_POLL_INTERVAL_MS,
    select: orderExposure,
  });
}

const inReachFirst = <Item extends { state: string }>(items: readonly Item[]): Item[] => [
  ...items.filter(isInReach),
  ...items.filter((item) => !isInReach(item)),
];

/** In reach now first, then cleared, each nearest first as the server sends them. */
export const orderExposure = (data: IncidentExposure): IncidentExposure => ({
  ...data,
  sites: inReachFirst(data.sites),
  shipments: inReachFirst(data.shipments),
});

/** How many of each are in reach now, and how many it reached while active (in all, at once). */
export function exposureCounts(data: IncidentExposure) {
  const now = (items: readonly { state: string }[]) => items.filter(isInReach).length;
  return {
    now: { sites: now(data.sites), shipments: now(data.shipments) },
    inAll: { sites: data.sites.length, shipments: data.shipments.length },
    atOnce: { sites: data.peak.sites, shipments: data.peak.shipments },
  };
}
