import { INTEGRATIONS_REFRESH_MS } from '@/config/constants';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { AlertEndpointListResponse } from '@meridian/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const getIntegrations = async (signal?: AbortSignal) =>
  (
    await authenticatedRequest('/admin/integrations', {
      schema: AlertEndpointListResponse,
      fallbackMessage: WEB_MESSAGES.integration.loadFailed,
      signal,
    })
  ).data;

/**
 * The acting organization's endpoints and the health of every channel (its ADMINs only),
 * refreshed while shown: deliveries and their retries change it in the background.
 */
export const useIntegrations = () =>
  useQuery({
    queryKey: queryKeys.integrations.list(useActiveOrganizationId()),
    queryFn: ({ signal }) => getIntegrations(signal),
    refetchInterval: INTEGRATIONS_REFRESH_MS,
  });

/** Asks for the list again now, e.g. after deliveries that change the endpoints' health. */
export function useRefreshIntegrations() {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.integrations.list(useActiveOrganizationId());
  return () => queryClient.invalidateQueries({ queryKey });
}
