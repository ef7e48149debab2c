import { INTEGRATION_MESSAGES_WEB } from '@/config/messages';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { AlertEndpointResponse, type AlertEndpointUpdate } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export const updateIntegration = async (id: string, change: AlertEndpointUpdate) =>
  (
    await authenticatedRequest(`/admin/integrations/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: change,
      schema: AlertEndpointResponse,
      fallbackMessage: INTEGRATION_MESSAGES_WEB.updateFailed,
    })
  ).data.endpoint;

export function useUpdateIntegration() {
  const queryClient = useQueryClient();
  const key = queryKeys.integrations.all(useActiveOrganizationId());
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: AlertEndpointUpdate }) =>
      updateIntegration(id, change),
    onSuccess: async (endpoint, { change }) => {
      if (change.enabled === undefined) {
        toast.success(INTEGRATION_MESSAGES_WEB.saved(endpoint.name));
      } else {
        toast.success(
          (endpoint.enabled ? INTEGRATION_MESSAGES_WEB.resumed : INTEGRATION_MESSAGES_WEB.paused)(
            endpoint.name,
          ),
        );
      }
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
