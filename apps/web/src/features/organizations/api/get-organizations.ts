import { ORGANIZATION_LIST_PAGE_SIZE } from '@/config/constants';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { OrganizationListReader } from '@/lib/readers';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

/** One page of the organizations whose name or slug contains `search` (all when empty). */
export const getOrganizations = async (
  search: string,
  cursor: string | null,
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams({ limit: String(ORGANIZATION_LIST_PAGE_SIZE) });
  if (search) query.set('q', search);
  if (cursor) query.set('cursor', cursor);
  const reply = await authenticatedRequest(`/admin/organizations?${query.toString()}`, {
    schema: OrganizationListReader,
    fallbackMessage: WEB_MESSAGES.adminFallback.loadOrganizations,
    signal,
  });
  return reply.data;
};

export const organizationsQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.organizations.list(search),
    queryFn: ({ pageParam, signal }) => getOrganizations(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/**
 * Organizations by name, 50 at a time, for the table and the header's picker (which share the
 * unsearched list). While another search loads, the previous answer stays on screen.
 */
export function useOrganizations(search = '') {
  const query = useInfiniteQuery({
    ...organizationsQuery(search),
    placeholderData: keepPreviousData,
  });
  return {
    ...query,
    organizations: query.data?.pages.flatMap((page) => page.organizations),
    // Null when the reply does not say (the spec's list has no total).
    total: query.data?.pages[0]?.total ?? null,
  };
}

/**
 * Refreshes the lists and every single organization (Atlas's address among them); the header's
 * picker reads the same list.
 */
export function useInvalidateOrganizations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.organizations.all });
}
