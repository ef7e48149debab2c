import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { SourceResponse, type SourceUpdate } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const updateSource = async (id: string, change: SourceUpdate) =>
  (
    await authenticatedRequest(`/admin/sources/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: change,
      schema: SourceResponse,
      fallbackMessage: WEB_MESSAGES.source.updateFailed,
    })
  ).data.source;

export function useUpdateSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: SourceUpdate }) => updateSource(id, change),
    onSuccess: async (source, { change }) => {
      if (change.enabled !== undefined) {
        toast.success(
          (source.enabled ? WEB_MESSAGES.source.resumed : WEB_MESSAGES.source.paused)(source.name),
        );
      }
      await queryClient.invalidateQueries({ queryKey: queryKeys.sources });
    },
  });
}
