import { queryKeys } from '@/lib/query-keys';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { ReportResponse, type ReportInput } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportsPath } from './get-reports';
import * as WEB_MESSAGES from '@/config/messages';

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
      fallbackMessage: WEB_MESSAGES.insights.reportFailed,
    })
  ).data.report;

/** Renders and stores the event's PDF report (a refusal shows as the cache's error toast). */
export function useCreateReport() {
  const queryClient = useQueryClient();
  const organizationId = useActiveOrganizationId();
  return useMutation({
    mutationFn: createReport,
    onSuccess: async (report) => {
      toast.success(API_MESSAGES.insights.reportCreated);
      await queryClient.invalidateQueries({
        queryKey: queryKeys.insights.reports(organizationId, report.incidentId),
      });
    },
  });
}
