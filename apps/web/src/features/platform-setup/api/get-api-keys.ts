import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { ApiKeyListResponse } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const getApiKeys = async (signal?: AbortSignal) =>
  (
    await authenticatedRequest('/admin/api-keys', {
      schema: ApiKeyListResponse,
      fallbackMessage: WEB_MESSAGES.apiKey.loadFailed,
      signal,
    })
  ).data.apiKeys;

/** The acting organization's API keys (its ADMINs only). */
export const useApiKeys = () =>
  useQuery({
    queryKey: queryKeys.apiKeys(useActiveOrganizationId()),
    queryFn: ({ signal }) => getApiKeys(signal),
  });
