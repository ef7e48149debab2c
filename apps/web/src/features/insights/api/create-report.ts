import { queryKeys } from '@/lib/query-keys';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { INSIGHTS_MESSAGES, ReportResponse, type ReportInput } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INSIGHTS_MESSAGES_WEB } from '../insights-messages';
import { reportsPath } from './get-reports';

export const createReport = async ({
  incidentId,
  input = {},
}: {
  incidentId: string;
  input?: ReportInput;
}) =>
  (
    await authenticatedRequest(reportsPath(incidentId), {
      method: 'POST',
      body: input,
      schema: ReportResponse,
      fallbackMessage: INSIGHTS_MESSAGES_WEB.reportFailed,
    })
  ).data.report;

/** Renders and stores the event's PDF report (a refusal shows as the cache's error toast). */
export function useCreateReport() {
  const queryClient = useQueryClient();
  const organizationId = useActiveOrganizationId();
  return useMutation({
    mutationFn: createReport,
    onSuccess: async (report) => {
      toast.success(INSIGHTS_MESSAGES.reportCreated);
      await queryClient.invalidateQueries({
        queryKey: queryKeys.insights.reports(organizationId, report.incidentId),
      });
    },
  });
}
