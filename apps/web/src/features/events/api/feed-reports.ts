import { EVENTS_POLL_INTERVAL_MS } from '@/config/constants';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { FeedReportListResponse, FeedReportSplitResponse } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

const reportsPath = (incidentId: string) =>
  `/incidents/${encodeURIComponent(incidentId)}/feed-reports`;

export const getFeedReports = async (incidentId: string, signal?: AbortSignal) =>
  (
    await authenticatedRequest(reportsPath(incidentId), {
      schema: FeedReportListResponse,
      fallbackMessage: WEB_MESSAGES.incident.feedReportsFailed,
      signal,
    })
  ).data.reports;

/** The feeds that reported the incident (a feed's incident only), polled like the page. */
export function useFeedReports(incidentId: string, enabled: boolean) {
  const organizationId = useActiveOrganizationId();
  return useQuery({
    queryKey: queryKeys.atlas.feedReports(organizationId, incidentId),
    queryFn: ({ signal }) => getFeedReports(incidentId, signal),
    refetchInterval: EVENTS_POLL_INTERVAL_MS,
    enabled,
  });
}

export const splitFeedReport = async (incidentId: string, reportId: string) =>
  authenticatedRequest(`${reportsPath(incidentId)}/${encodeURIComponent(reportId)}/split`, {
    method: 'POST',
    schema: FeedReportSplitResponse,
    fallbackMessage: WEB_MESSAGES.incident.splitFailed,
  });

/** Splits a feed's report that joined the incident wrongly into an incident of its own. */
export function useSplitFeedReport(incidentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reportId: string) => splitFeedReport(incidentId, reportId),
    onSuccess: (reply) => {
      toast.success(reply.message);
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.atlas.all });
    },
  });
}
