import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { UserResponseReader, type ReadUser } from '@/lib/readers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const getUser = async (userId: string, signal?: AbortSignal): Promise<ReadUser> => {
  const reply = await authenticatedRequest(`/admin/users/${encodeURIComponent(userId)}`, {
    schema: UserResponseReader,
    fallbackMessage: WEB_MESSAGES.adminFallback.loadUser,
    signal,
  });
  return reply.data;
};

export const userQuery = (organizationId: string | null, userId: string) =>
  queryOptions({
    queryKey: queryKeys.users.detail(organizationId, userId),
    queryFn: ({ signal }) => getUser(userId, signal),
  });

export function useUser(userId: string) {
  const organizationId = useActiveOrganizationId();
  return useQuery(userQuery(organizationId, userId));
}
