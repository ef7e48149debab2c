import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { SourceResponse } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

/** How long after asking the table looks again: a poll takes a moment on the server. */
const RESULT_DELAY_MS = 2_000;

export const pollSource = async (id: string) =>
  (
    await authenticatedRequest(`/admin/sources/${encodeURIComponent(id)}/poll`, {
      method: 'POST',
      schema: SourceResponse,
      fallbackMessage: WEB_MESSAGES.source.pollFailed,
    })
  ).data.source;

export function usePollSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pollSource,
    onSuccess: (source) => {
      toast.success(WEB_MESSAGES.source.polling(source.name));
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.sources });
      }, RESULT_DELAY_MS);
    },
  });
}
