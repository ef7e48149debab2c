import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { UserResponseReader, type ReadUser } from '@/lib/readers';
import type { UserUpdate } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { userQuery } from './get-user';
import * as WEB_MESSAGES from '@/config/messages';

/** Sends one changed field (accountStatus, adminRole or role), as the server requires. */
export const updateUser = async ({
  userId,
  change,
}: {
  userId: string;
  change: UserUpdate;
}): Promise<ReadUser> => {
  const reply = await authenticatedRequest(`/admin/users/${encodeURIComponent(userId)}`, {
    method: 'PUT',
    body: change,
    schema: UserResponseReader,
    fallbackMessage: WEB_MESSAGES.adminFallback.update,
  });
  return reply.data;
};

export function useUpdateUser() {
  const queryClient = useQueryClient();
  const organizationId = useActiveOrganizationId();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async (user) => {
      toast.success(WEB_MESSAGES.team.userUpdated);
      queryClient.setQueryData(userQuery(organizationId, user.id).queryKey, user);
      await queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}
