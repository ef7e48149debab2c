import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { JobsHealthResponse } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { HEALTH_REFRESH_MS } from './health-refresh';
import * as WEB_MESSAGES from '@/config/messages';

export const getJobs = async (signal?: AbortSignal) =>
  (
    await authenticatedRequest('/admin/jobs', {
      schema: JobsHealthResponse,
      fallbackMessage: WEB_MESSAGES.jobs.loadFailed,
      signal,
    })
  ).data;

/** The background work's queue and this instance's runs (platform admins only), refreshed while shown. */
export const useJobs = () =>
  useQuery({
    queryKey: queryKeys.jobs,
    queryFn: ({ signal }) => getJobs(signal),
    refetchInterval: HEALTH_REFRESH_MS,
  });
