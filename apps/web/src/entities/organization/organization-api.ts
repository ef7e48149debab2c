import { queryOptions, useQuery } from '@tanstack/react-query';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { OrganizationResponseReader, type ReadOrganization } from '@/lib/readers';
import * as WEB_MESSAGES from '@/config/messages';

/** GET /admin/organizations/{id}: read by Atlas (its address), Platform Setup and the edit page. */
export const getOrganization = async (
  organizationId: string,
  signal?: AbortSignal,
): Promise<ReadOrganization> => {
  const reply = await authenticatedRequest(
    `/admin/organizations/${encodeURIComponent(organizationId)}`,
    {
      schema: OrganizationResponseReader,
      fallbackMessage: WEB_MESSAGES.adminFallback.loadOrganization,
      signal,
    },
  );
  return reply.data.organization;
};

/** Under the organizations root, so a change to any organization refreshes it too. */
export const organizationQuery = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.organizations.detail(organizationId),
    queryFn: ({ signal }) => getOrganization(organizationId, signal),
  });

/** One organization; none is fetched while the id is still unknown (empty or null). */
export const useOrganization = (organizationId: string | null) =>
  useQuery({ ...organizationQuery(organizationId ?? ''), enabled: Boolean(organizationId) });
