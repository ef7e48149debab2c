import { TWO_FACTOR_MESSAGES } from '@/config/two-factor-messages';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { RecoveryCodesResponse, type TwoFactorEnablePayload } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export const enableTwoFactor = async (payload: TwoFactorEnablePayload) =>
  (
    await authenticatedRequest('/me/two-factor/enable', {
      method: 'POST',
      body: payload,
      schema: RecoveryCodesResponse,
      fallbackMessage: TWO_FACTOR_MESSAGES.enable,
    })
  ).data.recoveryCodes;

/** Confirms the scanned secret; answers the recovery codes, which are shown only this once. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    // The dialog shows the server's reason beside the code field.
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me.profile }),
  });
}
