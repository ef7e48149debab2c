import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { MessageResponse } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import * as WEB_MESSAGES from '@/config/messages';

export const deleteUser = (userId: string) =>
  authenticatedRequest(`/admin/users/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
    schema: MessageResponse,
    fallbackMessage: WEB_MESSAGES.adminFallback.delete,
  });

export function useDeleteUser({ onDeleted }: { onDeleted: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async () => {
      toast.success(WEB_MESSAGES.team.userDeleted);
      onDeleted();
      await queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}
