import { DELIVERIES_REFRESH_MS } from '@/config/constants';
import { INTEGRATION_MESSAGES_WEB } from '@/config/messages';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { DeliveryListResponse } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';

export const getDeliveries = async (endpointId: string, signal?: AbortSignal) =>
  (
    await authenticatedRequest(`/admin/integrations/${encodeURIComponent(endpointId)}/deliveries`, {
      schema: DeliveryListResponse,
      fallbackMessage: INTEGRATION_MESSAGES_WEB.deliveriesFailed,
      signal,
    })
  ).data.deliveries;

/** An endpoint's latest deliveries, refreshed while its log is open (retries land meanwhile). */
export const useDeliveries = (endpointId: string) =>
  useQuery({
    queryKey: queryKeys.integrations.deliveries(useActiveOrganizationId(), endpointId),
    queryFn: ({ signal }) => getDeliveries(endpointId, signal),
    staleTime: 0,
    refetchInterval: DELIVERIES_REFRESH_MS,
  });
