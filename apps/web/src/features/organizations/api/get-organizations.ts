import { ADMIN_FALLBACK_MESSAGES } from '@/config/messages';
import { authenticatedRequest } from '@/lib/api-client';
import { OrganizationListResponse, type Organization } from '@meridian/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';

export const getOrganizations = async (signal?: AbortSignal): Promise<Organization[]> => {
  const reply = await authenticatedRequest('/admin/organizations', {
    schema: OrganizationListResponse,
    fallbackMessage: ADMIN_FALLBACK_MESSAGES.loadOrganizations,
    signal,
  });
  return reply.data.organizations;
};

export const organizationsQuery = queryOptions({
  queryKey: ['organizations', 'list'],
  queryFn: ({ signal }) => getOrganizations(signal),
});

export const useOrganizations = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...organizationsQuery, enabled });

/** Refreshes the list and every single organization; the header's picker reads the same list. */
export function useInvalidateOrganizations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [organizationsQuery.queryKey[0]] });
}
