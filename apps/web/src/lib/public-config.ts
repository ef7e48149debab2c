import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicRequest } from './api-client';
import { lazySchema } from './lazy-schema';
import { queryKeys } from './query-keys';

export const publicConfigQuery = queryOptions({
  queryKey: queryKeys.publicConfig,
  queryFn: ({ signal }) =>
    publicRequest('/config', {
      schema: lazySchema('PublicConfig'),
      fallbackMessage: 'Failed to load configuration',
      signal,
    }),
  staleTime: Infinity,
});

/** Server settings the browser needs: internal domain, Google client, map style. */
export const usePublicConfig = () => useQuery(publicConfigQuery);
