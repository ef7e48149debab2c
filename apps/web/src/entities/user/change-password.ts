import { authenticatedRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { storeTokens } from '@/lib/auth-tokens';
import { queryKeys } from '@/lib/query-keys';
import { AuthResponse, type PasswordChange } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import * as WEB_MESSAGES from '@/config/messages';

export const changePassword = (change: PasswordChange) =>
  authenticatedRequest('/me/password', {
    method: 'POST',
    body: change,
    schema: AuthResponse,
    fallbackMessage: WEB_MESSAGES.settings.changePassword,
  });

/**
 * The server ends every session of the user and answers with a fresh one, which this browser
 * keeps: the user stays signed in here and nowhere else. Used by the profile's dialog and by
 * the screen that replaces a generated password at the first sign-in.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  const { replaceUser } = useAuth();
  return useMutation({
    mutationFn: changePassword,
    // The dialog shows the server's reason beside the fields.
    meta: { errorToast: false },
    onSuccess: async (reply) => {
      storeTokens(reply.accessToken, reply.refreshToken);
      replaceUser(reply.user);
      toast.success(reply.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me.profile }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me.sessions }),
      ]);
    },
  });
}
