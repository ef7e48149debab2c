import { authenticatedRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { myProfileQuery } from '@/lib/my-profile';
import { ProfileResponse, type ProfileUpdate } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import * as WEB_MESSAGES from '@/config/messages';

export const updateProfile = (change: ProfileUpdate) =>
  authenticatedRequest('/me/profile', {
    method: 'PUT',
    body: change,
    schema: ProfileResponse,
    fallbackMessage: WEB_MESSAGES.settings.saveProfile,
  });

/** Renames the signed-in user; the header shows the new name at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { replaceUser } = useAuth();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (reply) => {
      queryClient.setQueryData(myProfileQuery.queryKey, reply.data);
      replaceUser(reply.data.user);
      toast.success(reply.message);
    },
  });
}
