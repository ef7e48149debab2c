import { API_KEY_MESSAGES_WEB } from '@/config/messages';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { ApiKeyCreatedResponse, type ApiKeyCreate } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export const createApiKey = async (input: ApiKeyCreate) =>
  (
    await authenticatedRequest('/admin/api-keys', {
      method: 'POST',
      body: input,
      schema: ApiKeyCreatedResponse,
      fallbackMessage: API_KEY_MESSAGES_WEB.createFailed,
    })
  ).data;

/** Creates a key; the answer carries the key itself, which the screen shows this once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  const key = queryKeys.apiKeys(useActiveOrganizationId());
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: async ({ apiKey }) => {
      toast.success(API_KEY_MESSAGES_WEB.created(apiKey.name));
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
