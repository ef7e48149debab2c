import { queryKeys } from '@/lib/query-keys';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { ReportListResponse } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const reportsPath = (incidentId: string) =>
  `/incidents/${encodeURIComponent(incidentId)}/reports`;

export const getReports = async (incidentId: string, signal?: AbortSignal) =>
  (
    await authenticatedRequest(reportsPath(incidentId), {
      schema: ReportListResponse,
      fallbackMessage: WEB_MESSAGES.insights.reportsFailed,
      signal,
    })
  ).data.reports;

/** The event's stored PDF reports. */
export function useReports(incidentId: string) {
  const organizationId = useActiveOrganizationId();
  return useQuery({
    queryKey: queryKeys.insights.reports(organizationId, incidentId),
    queryFn: ({ signal }) => getReports(incidentId, signal),
  });
}
