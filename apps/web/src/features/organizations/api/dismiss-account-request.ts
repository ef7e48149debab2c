import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { MessageResponse } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import * as WEB_MESSAGES from '@/config/messages';

export const dismissAccountRequest = (id: string) =>
  authenticatedRequest(`/admin/account-requests/${encodeURIComponent(id)}/dismiss`, {
    method: 'POST',
    schema: MessageResponse,
    fallbackMessage: WEB_MESSAGES.organizationPage.dismissFailed,
  });

export function useDismissAccountRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissAccountRequest,
    onSuccess: async () => {
      toast.success(WEB_MESSAGES.organizationPage.requestDismissed);
      await queryClient.invalidateQueries({ queryKey: queryKeys.accountRequests.pending });
    },
  });
}
