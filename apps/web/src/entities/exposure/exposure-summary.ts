import { EVENTS_POLL_INTERVAL_MS } from '@/config/constants';
import type { Scope } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { queryKeys } from '@/lib/query-keys';
import * as WEB_MESSAGES from '@/config/messages';

export type ExposureCounts = { sites: number; shipments: number };

/**
 * How many of the organization's sites and shipments each incident reaches now, for the
 * Events cards and the Atlas feed; polled with them. Empty (not an error) when unavailable.
 */
export function useExposureSummary(scope: Scope) {
  const organizationId = useActiveOrganizationId();
  return useQuery({
    queryKey: queryKeys.atlas.exposureSummary(organizationId, scope),
    queryFn: async ({ signal }) => {
      const reply = await authenticatedRequest(`/exposure/summary?scope=${scope}`, {
        schema: lazySchema('ExposureSummaryResponse'),
        fallbackMessage: WEB_MESSAGES.exposure.summaryFailed,
        signal,
      });
      return {
        counts: new Map<string, ExposureCounts>(
          reply.data.incidents.map(({ incidentId, sites, shipments }) => [
            incidentId,
            { sites, shipments },
          ]),
        ),
        // Each exposed site's assessment, for the map's colours (any exposed site has one).
        siteStates: new Map(Object.entries(reply.data.siteAssessments ?? {})),
        priorities: new Map(
          reply.data.incidents.flatMap(({ incidentId, priority }) =>
            priority ? [[incidentId, priority] as const] : [],
          ),
        ),
      };
    },
    refetchInterval: EVENTS_POLL_INTERVAL_MS,
  });
}

/** "3 suppliers · 41 shipments exposed", or null when nothing is. */
export function exposureText(counts: ExposureCounts | undefined): string | null {
  if (!counts || counts.sites + counts.shipments === 0) return null;
  const parts = [
    counts.sites ? `${counts.sites} ${counts.sites === 1 ? 'supplier' : 'suppliers'}` : null,
    counts.shipments
      ? `${counts.shipments} ${counts.shipments === 1 ? 'shipment' : 'shipments'}`
      : null,
  ].filter(Boolean);
  return `${parts.join(' · ')} exposed`;
}
