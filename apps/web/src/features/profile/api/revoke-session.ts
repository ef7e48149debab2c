import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { MessageResponse } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import * as WEB_MESSAGES from '@/config/messages';

export const revokeSession = (sessionId: string) =>
  authenticatedRequest(`/me/sessions/${encodeURIComponent(sessionId)}`, {
    method: 'DELETE',
    schema: MessageResponse,
    fallbackMessage: WEB_MESSAGES.settings.revokeSession,
  });

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: async (reply) => {
      toast.success(reply.message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.me.sessions });
    },
  });
}
