import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { AccountRequestApprovalResponse, type AccountRequestApproval } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { useInvalidateOrganizations } from './get-organizations';
import * as WEB_MESSAGES from '@/config/messages';

/** Creates the requester's organization and invites them as its first admin. */
export const approveAccountRequest = async ({
  id,
  approval,
}: {
  id: string;
  approval: AccountRequestApproval;
}) => {
  const reply = await authenticatedRequest(
    `/admin/account-requests/${encodeURIComponent(id)}/approve`,
    {
      method: 'POST',
      body: approval,
      schema: AccountRequestApprovalResponse,
      fallbackMessage: WEB_MESSAGES.organizationPage.approveFailed,
    },
  );
  return reply.data;
};

export function useApproveAccountRequest() {
  const queryClient = useQueryClient();
  const invalidateOrganizations = useInvalidateOrganizations();
  return useMutation({
    mutationFn: approveAccountRequest,
    onSuccess: async () => {
      toast.success(WEB_MESSAGES.organizationPage.requestApproved);
      await Promise.all([
        invalidateOrganizations(),
        queryClient.invalidateQueries({ queryKey: queryKeys.accountRequests.pending }),
      ]);
    },
  });
}
