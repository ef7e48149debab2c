import { queryKeys } from '@/lib/query-keys';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { ApiError, authenticatedRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { MemoResponse, type Memo, type MemoUpdate } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export type MemoChange = { memo: Pick<Memo, 'id' | 'incidentId'>; change: MemoUpdate };

export const updateMemo = async ({ memo, change }: MemoChange) =>
  (
    await authenticatedRequest(`/memos/${encodeURIComponent(memo.id)}`, {
      method: 'PATCH',
      body: change,
      schema: MemoResponse,
      fallbackMessage: WEB_MESSAGES.insights.memoSaveFailed,
    })
  ).data.memo;

/**
 * Saves a memo's new text with the version it was read at. A 409 (someone else saved it since)
 * is shown by the dialog, and the memos are read again, so the next save starts from theirs.
 */
export function useUpdateMemo() {
  const queryClient = useQueryClient();
  const organizationId = useActiveOrganizationId();
  const refresh = (incidentId: string) =>
    queryClient.invalidateQueries({
      queryKey: queryKeys.insights.memos(organizationId, incidentId),
    });
  return useMutation({
    mutationFn: updateMemo,
    meta: { errorToast: false },
    onSuccess: async (memo) => {
      toast.success(API_MESSAGES.insights.memoUpdated);
      await refresh(memo.incidentId);
    },
    onError: async (error, { memo }) => {
      if (error instanceof ApiError && error.code === 'STALE') await refresh(memo.incidentId);
    },
  });
}
