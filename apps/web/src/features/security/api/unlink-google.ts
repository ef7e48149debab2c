import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { MessageResponse } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Unlinks the Google account: sign-in is by password again; Google's sessions end. */
export const unlinkGoogle = () =>
  authenticatedRequest('/me/google-link', {
    method: 'DELETE',
    schema: MessageResponse,
    fallbackMessage: 'Failed to unlink the Google account',
  });

export function useUnlinkGoogle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkGoogle,
    onSuccess: async (reply) => {
      toast.success(reply.message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.me.profile });
      await queryClient.invalidateQueries({ queryKey: queryKeys.me.sessions });
    },
  });
}
