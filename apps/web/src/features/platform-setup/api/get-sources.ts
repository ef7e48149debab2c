import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { SourceListResponse } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { HEALTH_REFRESH_MS } from './health-refresh';
import * as WEB_MESSAGES from '@/config/messages';

export const getSources = async (signal?: AbortSignal) =>
  (
    await authenticatedRequest('/admin/sources', {
      schema: SourceListResponse,
      fallbackMessage: WEB_MESSAGES.source.loadFailed,
      signal,
    })
  ).data.sources;

/** The hazard feeds with their health (platform admins only), refreshed while shown. */
export const useSources = () =>
  useQuery({
    queryKey: queryKeys.sources,
    queryFn: ({ signal }) => getSources(signal),
    refetchInterval: HEALTH_REFRESH_MS,
  });
