import { queryKeys } from '@/lib/query-keys';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { MemoListResponse } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const memosPath = (incidentId: string) =>
  `/incidents/${encodeURIComponent(incidentId)}/memos`;

export const getMemos = async (incidentId: string, signal?: AbortSignal) =>
  (
    await authenticatedRequest(memosPath(incidentId), {
      schema: MemoListResponse,
      fallbackMessage: WEB_MESSAGES.insights.memosFailed,
      signal,
    })
  ).data.memos;

/** The event's memos, as the server orders them. */
export function useMemos(incidentId: string) {
  const organizationId = useActiveOrganizationId();
  return useQuery({
    queryKey: queryKeys.insights.memos(organizationId, incidentId),
    queryFn: ({ signal }) => getMemos(incidentId, signal),
  });
}
