import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { AlertEndpointResponse, type AlertEndpointCreate } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const addIntegration = async (input: AlertEndpointCreate) =>
  await authenticatedRequest('/admin/integrations', {
    method: 'POST',
    body: input,
    schema: AlertEndpointResponse,
    fallbackMessage: WEB_MESSAGES.integration.addFailed,
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
