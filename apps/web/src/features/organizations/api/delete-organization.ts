import { authenticatedRequest } from '@/lib/api-client';
import { MessageResponse } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { useInvalidateOrganizations } from './get-organizations';
import * as WEB_MESSAGES from '@/config/messages';

/** A soft delete: the server disables and hides the organization and keeps its data. */
export const deleteOrganization = (organizationId: string) =>
  authenticatedRequest(`/admin/organizations/${encodeURIComponent(organizationId)}`, {
    method: 'DELETE',
    schema: MessageResponse,
    fallbackMessage: WEB_MESSAGES.adminFallback.delete,
  });

export function useDeleteOrganization() {
  const invalidate = useInvalidateOrganizations();
  return useMutation({
    mutationFn: deleteOrganization,
    onSuccess: async () => {
      toast.success(WEB_MESSAGES.organizationPage.deleted);
      await invalidate();
    },
  });
}
