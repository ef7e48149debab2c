import { ORGANIZATION_PAGE_MESSAGES } from '@/config/messages';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { MessageResponse } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';

export const dismissAccountRequest = (id: string) =>
  authenticatedRequest(`/admin/account-requests/${encodeURIComponent(id)}/dismiss`, {
    method: 'POST',
    schema: MessageResponse,
    fallbackMessage: ORGANIZATION_PAGE_MESSAGES.dismissFailed,
  });

export function useDismissAccountRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissAccountRequest,
    onSuccess: async () => {
      toast.success(ORGANIZATION_PAGE_MESSAGES.requestDismissed);
      await queryClient.invalidateQueries({ queryKey: queryKeys.accountRequests.pending });
    },
  });
}
