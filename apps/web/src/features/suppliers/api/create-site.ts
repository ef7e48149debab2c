import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { SiteResponse, type SiteInput } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const createSite = async (input: SiteInput) =>
  (
    await authenticatedRequest('/sites', {
      method: 'POST',
      body: input,
      schema: SiteResponse,
      fallbackMessage: WEB_MESSAGES.suppliers.saveFailed,
    })
  ).data.site;

export function useCreateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSite,
    // The dialog shows the server's reason beside the form.
    meta: { errorToast: false },
    onSuccess: async (site) => {
      toast.success(WEB_MESSAGES.suppliers.created(site.name));
      await queryClient.invalidateQueries({ queryKey: queryKeys.sites.all });
    },
  });
}
