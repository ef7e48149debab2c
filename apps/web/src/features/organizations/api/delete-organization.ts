import { ADMIN_FALLBACK_MESSAGES, ORGANIZATION_PAGE_MESSAGES } from '@/config/messages';
import { authenticatedRequest } from '@/lib/api-client';
import { MessageResponse } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { useInvalidateOrganizations } from './get-organizations';

/** A soft delete: the server disables and hides the organization and keeps its data. */
export const deleteOrganization = (organizationId: string) =>
  authenticatedRequest(`/admin/organizations/${encodeURIComponent(organizationId)}`, {
    method: 'DELETE',
    schema: MessageResponse,
    fallbackMessage: ADMIN_FALLBACK_MESSAGES.delete,
  });

export function useDeleteOrganization() {
  const invalidate = useInvalidateOrganizations();
  return useMutation({
    mutationFn: deleteOrganization,
    onSuccess: async () => {
      toast.success(ORGANIZATION_PAGE_MESSAGES.deleted);
      await invalidate();
    },
  });
}
