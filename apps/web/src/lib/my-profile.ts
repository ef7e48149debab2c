import { queryOptions, useQuery } from '@tanstack/react-query';
import { authenticatedRequest } from './api-client';
import { lazySchema } from './lazy-schema';
import { queryKeys } from './query-keys';
import * as WEB_MESSAGES from '@/config/messages';

export const getMyProfile = async (signal?: AbortSignal) =>
  (
    await authenticatedRequest('/me/profile', {
      schema: lazySchema('ProfileResponse'),
      fallbackMessage: WEB_MESSAGES.settings.loadProfile,
      signal,
    })
  ).data;

/** Shared by sign-in (saved theme), the profile and the security screens. */
export const myProfileQuery = queryOptions({
  queryKey: queryKeys.me.profile,
  queryFn: ({ signal }) => getMyProfile(signal),
});

export const useMyProfile = () => useQuery(myProfileQuery);
