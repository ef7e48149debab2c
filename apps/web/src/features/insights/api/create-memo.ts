import { queryKeys } from '@/lib/query-keys';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { INSIGHTS_MESSAGES, MemoResponse, type MemoInput } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INSIGHTS_MESSAGES_WEB } from '../insights-messages';
import { memosPath } from './get-memos';

export const createMemo = async ({ incidentId, input }: { incidentId: string; input: MemoInput }) =>
  (
    await authenticatedRequest(memosPath(incidentId), {
      method: 'POST',
      body: input,
      schema: MemoResponse,
      fallbackMessage: INSIGHTS_MESSAGES_WEB.memoSaveFailed,
    })
  ).data.memo;

export function useCreateMemo() {
  const queryClient = useQueryClient();
  const organizationId = useActiveOrganizationId();
  return useMutation({
    mutationFn: createMemo,
    // The dialog shows the server's reason beside the form.
    meta: { errorToast: false },
    onSuccess: async (memo) => {
      toast.success(INSIGHTS_MESSAGES.memoCreated);
      await queryClient.invalidateQueries({
        queryKey: queryKeys.insights.memos(organizationId, memo.incidentId),
      });
    },
  });
}
