import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { SessionListResponse } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const getUserSessions = async (userId: string, signal?: AbortSignal) =>
  (
    await authenticatedRequest(`/admin/users/${encodeURIComponent(userId)}/sessions`, {
      schema: SessionListResponse,
      fallbackMessage: WEB_MESSAGES.settings.loadSessions,
      signal,
    })
  ).data.sessions;

/** A member's sessions, for an admin who may manage them. */
export function useUserSessions(userId: string) {
  const organizationId = useActiveOrganizationId();
  return useQuery({
    queryKey: queryKeys.users.sessions(organizationId, userId),
    queryFn: ({ signal }) => getUserSessions(userId, signal),
    // Sign-ins elsewhere change it at any time.
    staleTime: 0,
  });
}
