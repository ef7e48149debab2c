import { queryKeys } from '@/lib/query-keys';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { AnalysisListResponse } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const analysesPath = (incidentId: string) =>
  `/incidents/${encodeURIComponent(incidentId)}/analyses`;

export const getAnalyses = async (incidentId: string, signal?: AbortSignal) =>
  (
    await authenticatedRequest(analysesPath(incidentId), {
      schema: AnalysisListResponse,
      fallbackMessage: WEB_MESSAGES.insights.analysesFailed,
      signal,
    })
  ).data.analyses;

/** The questions asked about the event and their stored answers. */
export function useAnalyses(incidentId: string) {
  const organizationId = useActiveOrganizationId();
  return useQuery({
    queryKey: queryKeys.insights.analyses(organizationId, incidentId),
    queryFn: ({ signal }) => getAnalyses(incidentId, signal),
  });
}
