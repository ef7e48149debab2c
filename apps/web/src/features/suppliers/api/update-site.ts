import { SUPPLIERS_MESSAGES } from '@/config/messages';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { SiteResponse, type SiteUpdate } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export const updateSite = async (siteId: string, change: SiteUpdate) =>
  (
    await authenticatedRequest(`/sites/${encodeURIComponent(siteId)}`, {
      method: 'PATCH',
      body: change,
      schema: SiteResponse,
      fallbackMessage: SUPPLIERS_MESSAGES.saveFailed,
    })
  ).data.site;

/** Edits, archives and restores a site; the edit dialog shows its own errors. */
export function useUpdateSite({ errorToast = true }: { errorToast?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ siteId, change }: { siteId: string; change: SiteUpdate }) =>
      updateSite(siteId, change),
    meta: { errorToast },
    onSuccess: async (site, { change }) => {
      toast.success(
        change.archived === true
          ? SUPPLIERS_MESSAGES.archived(site.name)
          : change.archived === false
            ? SUPPLIERS_MESSAGES.restored(site.name)
            : SUPPLIERS_MESSAGES.updated(site.name),
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.sites.all });
    },
  });
}
