import { queryKeys } from '@/lib/query-keys';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { MemoResponse, type MemoInput } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memosPath } from './get-memos';
import * as WEB_MESSAGES from '@/config/messages';

export const createMemo = async ({ incidentId, input }: { incidentId: string; input: MemoInput }) =>
  (
    await authenticatedRequest(memosPath(incidentId), {
      method: 'POST',
      body: input,
      schema: MemoResponse,
      fallbackMessage: WEB_MESSAGES.insights.memoSaveFailed,
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
      toast.success(API_MESSAGES.insights.memoCreated);
      await queryClient.invalidateQueries({
        queryKey: queryKeys.insights.memos(organizationId, memo.incidentId),
      });
    },
  });
}
