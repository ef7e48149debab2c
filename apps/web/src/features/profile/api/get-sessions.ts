import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { SessionListResponse } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const getSessions = async (signal?: AbortSignal) =>
  (
    await authenticatedRequest('/me/sessions', {
      schema: SessionListResponse,
      fallbackMessage: WEB_MESSAGES.settings.loadSessions,
      signal,
    })
  ).data.sessions;

export const sessionsQuery = queryOptions({
  queryKey: queryKeys.me.sessions,
  queryFn: ({ signal }) => getSessions(signal),
  // A session list goes stale as soon as another browser signs in.
  staleTime: 0,
});

export const useSessions = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...sessionsQuery, enabled });
