import { ADMIN_FALLBACK_MESSAGES, TEAM_MESSAGES } from '@/config/messages';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { MessageResponse } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';

export const deleteUser = (userId: string) =>
  authenticatedRequest(`/admin/users/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
    schema: MessageResponse,
    fallbackMessage: ADMIN_FALLBACK_MESSAGES.delete,
  });

export function useDeleteUser({ onDeleted }: { onDeleted: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async () => {
      toast.success(TEAM_MESSAGES.userDeleted);
      onDeleted();
      await queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}
