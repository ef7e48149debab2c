import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { ApiKeyCreatedResponse, type ApiKeyCreate } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const createApiKey = async (input: ApiKeyCreate) =>
  (
    await authenticatedRequest('/admin/api-keys', {
      method: 'POST',
      body: input,
      schema: ApiKeyCreatedResponse,
      fallbackMessage: WEB_MESSAGES.apiKey.createFailed,
    })
  ).data;

/** Creates a key; the answer carries the key itself, which the screen shows this once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  const key = queryKeys.apiKeys(useActiveOrganizationId());
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: async ({ apiKey }) => {
      toast.success(WEB_MESSAGES.apiKey.created(apiKey.name));
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
