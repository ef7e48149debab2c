import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { MessageResponse, type TwoFactorDisablePayload } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const disableTwoFactor = (payload: TwoFactorDisablePayload) =>
  authenticatedRequest('/me/two-factor/disable', {
    method: 'POST',
    body: payload,
    schema: MessageResponse,
    fallbackMessage: WEB_MESSAGES.twoFactor.disable,
  });

/** Needs the password and a current code (or a recovery code). */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    meta: { errorToast: false },
    onSuccess: async (reply) => {
      toast.success(reply.message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.me.profile });
    },
  });
}
