import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { SourceResponse, type SourceCreate } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const addSource = async (input: SourceCreate) =>
  (
    await authenticatedRequest('/admin/sources', {
      method: 'POST',
      body: input,
      schema: SourceResponse,
      fallbackMessage: WEB_MESSAGES.source.addFailed,
    })
  ).data.source;

export function useAddSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSource,
    onSuccess: async (source) => {
      toast.success(WEB_MESSAGES.source.added(source.name));
      await queryClient.invalidateQueries({ queryKey: queryKeys.sources });
    },
  });
}
