import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { EndpointTestResponse } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const redeliver = (deliveryId: string) =>
  authenticatedRequest(`/admin/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, {
    method: 'POST',
    schema: EndpointTestResponse,
    fallbackMessage: WEB_MESSAGES.integration.redeliverFailed,
  });

/** Queues a failed delivery again now; the log and the endpoint's health follow. */
export function useRedeliver() {
  const queryClient = useQueryClient();
  const key = queryKeys.integrations.all(useActiveOrganizationId());
  return useMutation({
    mutationFn: redeliver,
    onSuccess: async (reply) => {
      toast.success(reply.message);
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
