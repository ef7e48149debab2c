import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { SiteExposureResponse } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const getSiteExposure = async (siteId: string, signal?: AbortSignal) =>
  (
    await authenticatedRequest(`/sites/${encodeURIComponent(siteId)}/exposure`, {
      schema: SiteExposureResponse,
      fallbackMessage: WEB_MESSAGES.suppliers.loadExposureFailed,
      ...(signal ? { signal } : {}),
    })
  ).data.exposures;

/** The incidents reaching a site now, nearest first. */
export function useSiteExposure(siteId: string) {
  const organizationId = useActiveOrganizationId();
  return useQuery({
    queryKey: queryKeys.sites.exposure(organizationId, siteId),
    queryFn: ({ signal }) => getSiteExposure(siteId, signal),
  });
}
