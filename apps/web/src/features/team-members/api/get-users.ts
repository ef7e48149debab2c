import { USER_LIST_PAGE_SIZE } from '@/config/constants';
import { ADMIN_FALLBACK_MESSAGES } from '@/config/messages';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { UserListResponse, type User } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Root of every users query: changes to a user invalidate it. */
export const USERS_QUERY_ROOT = 'users';

export const getUsers = async (signal?: AbortSignal): Promise<User[]> => {
  const reply = await authenticatedRequest(`/admin/users?limit=${USER_LIST_PAGE_SIZE}`, {
    schema: UserListResponse,
    fallbackMessage: ADMIN_FALLBACK_MESSAGES.loadUsers,
    signal,
  });
  return reply.data.users;
};

export const usersQuery = (organizationId: string | null) =>
  queryOptions({
    queryKey: [USERS_QUERY_ROOT, organizationId, 'list'],
    queryFn: ({ signal }) => getUsers(signal),
  });

/** The users of the active organization. */
export function useUsers() {
  const organizationId = useActiveOrganizationId();
  return useQuery(usersQuery(organizationId));
}
