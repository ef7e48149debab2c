import { ADMIN_FALLBACK_MESSAGES } from '@/config/messages';
import { authenticatedRequest } from '@/lib/api-client';
import { OrganizationResponse, type Organization } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizationsQuery } from './get-organizations';

export const getOrganization = async (
  organizationId: string,
  signal?: AbortSignal,
): Promise<Organization> => {
  const reply = await authenticatedRequest(
    `/admin/organizations/${encodeURIComponent(organizationId)}`,
    {
      schema: OrganizationResponse,
      fallbackMessage: ADMIN_FALLBACK_MESSAGES.loadOrganization,
      signal,
    },
  );
  return reply.data.organization;
};

/** Under the list's key root, so invalidating the list refreshes it too. */
export const organizationQuery = (organizationId: string) =>
  queryOptions({
    queryKey: [organizationsQuery.queryKey[0], 'detail', organizationId],
    queryFn: ({ signal }) => getOrganization(organizationId, signal),
  });

export const useOrganization = (organizationId: string) =>
  useQuery(organizationQuery(organizationId));
