import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { MessageResponse, type Source } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const deleteSource = (id: string) =>
  authenticatedRequest(`/admin/sources/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: MessageResponse,
    fallbackMessage: WEB_MESSAGES.source.deleteFailed,
  });

export function useDeleteSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (source: Source) => deleteSource(source.id),
    onSuccess: async (_reply, source) => {
      toast.success(WEB_MESSAGES.source.deleted(source.name));
      await queryClient.invalidateQueries({ queryKey: queryKeys.sources });
    },
  });
}
