import { SOURCE_MESSAGES_WEB } from '@/config/messages';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { SourceResponse, type SourceUpdate } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export const updateSource = async (id: string, change: SourceUpdate) =>
  (
    await authenticatedRequest(`/admin/sources/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: change,
      schema: SourceResponse,
      fallbackMessage: SOURCE_MESSAGES_WEB.updateFailed,
    })
  ).data.source;

export function useUpdateSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: SourceUpdate }) => updateSource(id, change),
    onSuccess: async (source, { change }) => {
      if (change.enabled !== undefined) {
        toast.success(
          (source.enabled ? SOURCE_MESSAGES_WEB.resumed : SOURCE_MESSAGES_WEB.paused)(source.name),
        );
      }
      await queryClient.invalidateQueries({ queryKey: queryKeys.sources });
    },
  });
}
