import { ORGANIZATION_PAGE_MESSAGES } from '@/config/messages';
import { authenticatedRequest } from '@/lib/api-client';
import { AccountRequestListResponse, type AccountRequest } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const getAccountRequests = async (signal?: AbortSignal): Promise<AccountRequest[]> => {
  const reply = await authenticatedRequest('/admin/account-requests', {
    schema: AccountRequestListResponse,
    fallbackMessage: ORGANIZATION_PAGE_MESSAGES.loadRequests,
    signal,
  });
  return reply.data.accountRequests;
};

export const accountRequestsQuery = queryOptions({
  queryKey: ['account-requests', 'pending'],
  queryFn: ({ signal }) => getAccountRequests(signal),
});

/** Pending requests; only platform admins may read them. */
export const useAccountRequests = () => useQuery(accountRequestsQuery);
