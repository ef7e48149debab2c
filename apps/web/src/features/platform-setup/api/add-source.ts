import { SOURCE_MESSAGES_WEB } from '@/config/messages';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { SourceResponse, type SourceCreate } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export const addSource = async (input: SourceCreate) =>
  (
    await authenticatedRequest('/admin/sources', {
      method: 'POST',
      body: input,
      schema: SourceResponse,
      fallbackMessage: SOURCE_MESSAGES_WEB.addFailed,
    })
  ).data.source;

export function useAddSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSource,
    onSuccess: async (source) => {
      toast.success(SOURCE_MESSAGES_WEB.added(source.name));
      await queryClient.invalidateQueries({ queryKey: queryKeys.sources });
    },
  });
}
