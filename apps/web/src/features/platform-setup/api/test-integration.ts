import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { EndpointTestResponse } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const testIntegration = (id: string) =>
  authenticatedRequest(`/admin/integrations/${encodeURIComponent(id)}/test`, {
    method: 'POST',
    schema: EndpointTestResponse,
    fallbackMessage: WEB_MESSAGES.integration.testFailed,
  });

/**
 * Sends a test message now. The server answers 200 either way and says what the receiver
 * replied: a failed delivery is an error toast.
 */
export function useTestIntegration() {
  const queryClient = useQueryClient();
  const key = queryKeys.integrations.all(useActiveOrganizationId());
  return useMutation({
    mutationFn: testIntegration,
    onSuccess: async (reply) => {
      if (reply.data.delivery.status === 'DELIVERED') toast.success(reply.message);
      else toast.error(reply.message);
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
