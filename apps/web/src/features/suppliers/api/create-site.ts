import { SUPPLIERS_MESSAGES } from '@/config/messages';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { SiteResponse, type SiteInput } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export const createSite = async (input: SiteInput) =>
  (
    await authenticatedRequest('/sites', {
      method: 'POST',
      body: input,
      schema: SiteResponse,
      fallbackMessage: SUPPLIERS_MESSAGES.saveFailed,
    })
  ).data.site;

export function useCreateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSite,
    // The dialog shows the server's reason beside the form.
    meta: { errorToast: false },
    onSuccess: async (site) => {
      toast.success(SUPPLIERS_MESSAGES.created(site.name));
      await queryClient.invalidateQueries({ queryKey: queryKeys.sites.all });
    },
  });
}
