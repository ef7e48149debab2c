import { INTEGRATION_MESSAGES_WEB } from '@/config/messages';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { AlertEndpointResponse, type AlertEndpointCreate } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export const addIntegration = async (input: AlertEndpointCreate) =>
  await authenticatedRequest('/admin/integrations', {
    method: 'POST',
    body: input,
    schema: AlertEndpointResponse,
    fallbackMessage: INTEGRATION_MESSAGES_WEB.addFailed,
  });

/** Adds an endpoint; a webhook's answer carries its signing secret, which the screen shows once. */
export function useAddIntegration() {
  const queryClient = useQueryClient();
  const key = queryKeys.integrations.all(useActiveOrganizationId());
  return useMutation({
    mutationFn: addIntegration,
    onSuccess: async (reply) => {
      toast.success(reply.message);
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
