import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicRequest } from './api-client';
import { lazySchema } from './lazy-schema';

export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
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
