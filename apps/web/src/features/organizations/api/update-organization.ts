import { authenticatedRequest } from '@/lib/api-client';
import { organizationQuery } from '@/entities/organization/organization-api';
import { OrganizationResponseReader, type ReadOrganization } from '@/lib/readers';
import type { OrganizationValues } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { useInvalidateOrganizations } from './get-organizations';
import * as WEB_MESSAGES from '@/config/messages';

/** The spec's PUT carries the same fields as create, plus id. */
export const updateOrganization = async ({
  id,
  values,
}: {
  id: string;
  values: OrganizationValues;
}): Promise<ReadOrganization> => {
  const reply = await authenticatedRequest(`/admin/organizations/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { ...values, id },
    schema: OrganizationResponseReader,
    fallbackMessage: WEB_MESSAGES.adminFallback.updateOrganization,
  });
  return reply.data.organization;
};

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateOrganizations();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: async (organization) => {
      toast.success(WEB_MESSAGES.organizationPage.updated);
      // The saved record at once, so a screen opened next (Atlas) never starts from the old one.
      queryClient.setQueryData(organizationQuery(organization.id).queryKey, organization);
      await invalidate();
    },
  });
}
