import { useActiveOrganizationId } from '@/lib/active-organization';
import { queryKeys } from '@/lib/query-keys';
import { getUsers, type UserListView } from '@/entities/user/users-api';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

export const usersQuery = (organizationId: string | null, view: UserListView) =>
  infiniteQueryOptions({
    queryKey: queryKeys.users.list(organizationId, view),
    queryFn: ({ pageParam, signal }) => getUsers(view, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/**
 * The users of the active organization, 50 at a time. While another search or filter loads,
 * the previous rows stay on screen instead of a spinner on every key stroke; never those of
 * another organization.
 */
export function useUsers(view: UserListView) {
  const organizationId = useActiveOrganizationId();
  const query = useInfiniteQuery({
    ...usersQuery(organizationId, view),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === organizationId ? previous : undefined,
  });
  return {
    ...query,
    users: query.data?.pages.flatMap((page) => page.users),
    // Null when the reply does not say (the spec's list has no total).
    total: query.data?.pages[0]?.total ?? null,
  };
}

export type { UserListView };
