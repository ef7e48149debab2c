import { queryKeys } from '@/lib/query-keys';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { ApiError, authenticatedFetch, readErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { type Memo } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

/** Removes a memo; the reply's body, if any, is not needed. */
export async function deleteMemo(memo: Pick<Memo, 'id' | 'incidentId'>): Promise<void> {
  const response = await authenticatedFetch(`/memos/${encodeURIComponent(memo.id)}`, {
    method: 'DELETE',
  });
  if (!response.ok) {
    throw new ApiError(
      (await readErrorMessage(response)) ?? WEB_MESSAGES.insights.memoRemoveFailed,
      response.status,
    );
  }
}

/** A refusal shows as a toast (the mutation cache's); the list is read again either way. */
export function useDeleteMemo() {
  const queryClient = useQueryClient();
  const organizationId = useActiveOrganizationId();
  return useMutation({
    mutationFn: deleteMemo,
    onSuccess: () => toast.success(API_MESSAGES.insights.memoRemoved),
    onSettled: async (_result, _error, memo) => {
      await queryClient.invalidateQueries({
        queryKey: queryKeys.insights.memos(organizationId, memo.incidentId),
      });
    },
  });
}
