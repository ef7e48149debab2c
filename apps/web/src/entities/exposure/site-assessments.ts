import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { SiteAssessmentHistoryResponse } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

/** How a site stood in each incident that reached it and was assessed, newest change first. */
export function useSiteAssessmentHistory(siteId: string) {
  const organizationId = useActiveOrganizationId();
  return useQuery({
    queryKey: queryKeys.sites.assessments(organizationId, siteId),
    queryFn: async ({ signal }) =>
      (
        await authenticatedRequest(`/sites/${encodeURIComponent(siteId)}/assessments`, {
          schema: SiteAssessmentHistoryResponse,
          fallbackMessage: WEB_MESSAGES.suppliers.loadHistoryFailed,
          signal,
        })
      ).data.assessments,
  });
}
