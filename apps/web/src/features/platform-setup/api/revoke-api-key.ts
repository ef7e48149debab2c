import { API_KEY_MESSAGES_WEB } from '@/config/messages';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { MessageResponse, type ApiKey } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export const revokeApiKey = (id: string) =>
  authenticatedRequest(`/admin/api-keys/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: MessageResponse,
    fallbackMessage: API_KEY_MESSAGES_WEB.revokeFailed,
  });

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  const key = queryKeys.apiKeys(useActiveOrganizationId());
  return useMutation({
    mutationFn: (apiKey: ApiKey) => revokeApiKey(apiKey.id),
    onSuccess: async (_reply, apiKey) => {
      toast.success(API_KEY_MESSAGES_WEB.revoked(apiKey.name));
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
