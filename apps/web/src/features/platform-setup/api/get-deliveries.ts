import { DELIVERIES_REFRESH_MS } from '@/config/constants';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { DeliveryListResponse } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const getDeliveries = async (endpointId: string, signal?: AbortSignal) =>
  (
    await authenticatedRequest(`/admin/integrations/${encodeURIComponent(endpointId)}/deliveries`, {
      schema: DeliveryListResponse,
      fallbackMessage: WEB_MESSAGES.integration.deliveriesFailed,
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
