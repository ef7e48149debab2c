import { PublicConfig } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicRequest } from './api-client';

export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: ({ signal }) =>
    publicRequest('/config', {
      schema: PublicConfig,
      fallbackMessage: 'Failed to load configuration',
      signal,
    }),
  staleTime: Infinity,
});

/** Server settings the browser needs: internal domain, Google client, map style. */
export const usePublicConfig = () => useQuery(publicConfigQuery);
