import { ADMIN_FALLBACK_MESSAGES } from '@/config/messages';
import { authenticatedRequest } from '@/lib/api-client';
import { OrganizationResponse } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const getOrganization = async (organizationId: string, signal?: AbortSignal) =>
  (
    await authenticatedRequest(`/admin/organizations/${encodeURIComponent(organizationId)}`, {
      schema: OrganizationResponse,
      fallbackMessage: ADMIN_FALLBACK_MESSAGES.loadOrganization,
      signal,
    })
  ).data.organization;

export const organizationQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', 'detail', organizationId],
    queryFn: ({ signal }) => getOrganization(organizationId, signal),
  });

/** The organization whose settings are shown: the one acted as, else the user's own. */
export const useOrganization = (organizationId: string) =>
  useQuery(organizationQuery(organizationId));
