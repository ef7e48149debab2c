import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { MessageResponse, type ApiKey } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const revokeApiKey = (id: string) =>
  authenticatedRequest(`/admin/api-keys/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: MessageResponse,
    fallbackMessage: WEB_MESSAGES.apiKey.revokeFailed,
  });

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  const key = queryKeys.apiKeys(useActiveOrganizationId());
  return useMutation({
    mutationFn: (apiKey: ApiKey) => revokeApiKey(apiKey.id),
    onSuccess: async (_reply, apiKey) => {
      toast.success(WEB_MESSAGES.apiKey.revoked(apiKey.name));
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
