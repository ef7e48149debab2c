import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { AlertEndpointResponse, type AlertEndpointUpdate } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const updateIntegration = async (id: string, change: AlertEndpointUpdate) =>
  (
    await authenticatedRequest(`/admin/integrations/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: change,
      schema: AlertEndpointResponse,
      fallbackMessage: WEB_MESSAGES.integration.updateFailed,
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
        toast.success(WEB_MESSAGES.integration.saved(endpoint.name));
      } else {
        toast.success(
          (endpoint.enabled ? WEB_MESSAGES.integration.resumed : WEB_MESSAGES.integration.paused)(
            endpoint.name,
          ),
        );
      }
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
