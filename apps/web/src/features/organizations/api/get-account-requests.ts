import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { AccountRequestListResponse } from '@meridian/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

const PAGE_SIZE = 50;

export const getAccountRequests = async (cursor: string | null, signal?: AbortSignal) => {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  const reply = await authenticatedRequest(`/admin/account-requests?${query.toString()}`, {
    schema: AccountRequestListResponse,
    fallbackMessage: WEB_MESSAGES.organizationPage.loadRequests,
    signal,
  });
  return reply.data;
};

export const accountRequestsQuery = infiniteQueryOptions({
  queryKey: queryKeys.accountRequests.pending,
  queryFn: ({ pageParam, signal }) => getAccountRequests(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

/** Pending requests, newest first, a page at a time; only platform admins may read them. */
export function useAccountRequests() {
  const query = useInfiniteQuery(accountRequestsQuery);
  return {
    ...query,
    requests: query.data?.pages.flatMap((page) => page.accountRequests),
    total: query.data?.pages[0]?.total ?? 0,
  };
}
