import { authenticatedRequest } from '@/lib/api-client';
import { OrganizationResponseReader, type ReadOrganization } from '@/lib/readers';
import type { OrganizationValues } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { useInvalidateOrganizations } from './get-organizations';
import * as WEB_MESSAGES from '@/config/messages';

export const createOrganization = async (values: OrganizationValues): Promise<ReadOrganization> => {
  const reply = await authenticatedRequest('/admin/organizations', {
    method: 'POST',
    body: values,
    schema: OrganizationResponseReader,
    fallbackMessage: WEB_MESSAGES.adminFallback.createOrganization,
  });
  return reply.data.organization;
};

export function useCreateOrganization() {
  const invalidate = useInvalidateOrganizations();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: async () => {
      toast.success(WEB_MESSAGES.organizationPage.created);
      await invalidate();
    },
  });
}
