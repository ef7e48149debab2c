import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { SiteResponse, type SiteUpdate } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const updateSite = async (siteId: string, change: SiteUpdate) =>
  (
    await authenticatedRequest(`/sites/${encodeURIComponent(siteId)}`, {
      method: 'PATCH',
      body: change,
      schema: SiteResponse,
      fallbackMessage: WEB_MESSAGES.suppliers.saveFailed,
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
          ? WEB_MESSAGES.suppliers.archived(site.name)
          : change.archived === false
            ? WEB_MESSAGES.suppliers.restored(site.name)
            : WEB_MESSAGES.suppliers.updated(site.name),
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.sites.all });
    },
  });
}
