import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { MapSiteListResponse, type MapSite } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';

const NO_SITES: readonly MapSite[] = [];

/** The organization's located sites for the map; a failure leaves the map without them. */
export function useMapSites(): readonly MapSite[] {
  const organizationId = useActiveOrganizationId();
  return (
    useQuery({
      queryKey: queryKeys.atlas.sites(organizationId),
      queryFn: async ({ signal }) =>
        (
          await authenticatedRequest('/atlas/sites', {
            schema: MapSiteListResponse,
            fallbackMessage: 'Failed to load sites',
            signal,
          })
        ).data,
    }).data ?? NO_SITES
  );
}
