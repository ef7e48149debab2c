import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { MessageResponse } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const revokeUserSession = ({ userId, sessionId }: { userId: string; sessionId: string }) =>
  authenticatedRequest(
    `/admin/users/${encodeURIComponent(userId)}/sessions/${encodeURIComponent(sessionId)}`,
    {
      method: 'DELETE',
      schema: MessageResponse,
      fallbackMessage: WEB_MESSAGES.settings.revokeSession,
    },
  );

export function useRevokeUserSession(userId: string) {
  const queryClient = useQueryClient();
  const organizationId = useActiveOrganizationId();
  return useMutation({
    mutationFn: revokeUserSession,
    onSuccess: async (reply) => {
      toast.success(reply.message);
      await queryClient.invalidateQueries({
        queryKey: queryKeys.users.sessions(organizationId, userId),
      });
    },
  });
}
