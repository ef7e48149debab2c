import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { MessageResponse, type AlertEndpoint } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const removeIntegration = (id: string) =>
  authenticatedRequest(`/admin/integrations/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: MessageResponse,
    fallbackMessage: WEB_MESSAGES.integration.removeFailed,
  });

export function useRemoveIntegration() {
  const queryClient = useQueryClient();
  const key = queryKeys.integrations.all(useActiveOrganizationId());
  return useMutation({
    mutationFn: (endpoint: AlertEndpoint) => removeIntegration(endpoint.id),
    onSuccess: async (_reply, endpoint) => {
      toast.success(WEB_MESSAGES.integration.removed(endpoint.name));
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
