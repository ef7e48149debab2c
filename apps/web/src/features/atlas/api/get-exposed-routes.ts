import { EVENTS_POLL_INTERVAL_MS } from '@/config/constants';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { ExposedRoutesResponse, type Scope } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';

type Routes = ExposedRoutesResponse['data'];
const NO_ROUTES: Routes = [];

/** The routes still ahead of the exposed shipments; a failure leaves the map without them. */
export function useExposedRoutes(scope: Scope): Routes {
  const organizationId = useActiveOrganizationId();
  return (
    useQuery({
      queryKey: queryKeys.atlas.exposedRoutes(organizationId, scope),
      queryFn: async ({ signal }) =>
        (
          await authenticatedRequest(`/atlas/exposed-routes?scope=${scope}`, {
            schema: ExposedRoutesResponse,
            fallbackMessage: 'Failed to load the exposed routes',
            signal,
          })
        ).data,
      refetchInterval: EVENTS_POLL_INTERVAL_MS,
    }).data ?? NO_ROUTES
  );
}
