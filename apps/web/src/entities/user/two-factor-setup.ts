import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import {
  RecoveryCodesResponse,
  type TwoFactorEnablePayload,
  TwoFactorSetupResponse,
} from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

/**
 * Setting two-factor sign-in up, from the profile or at sign-in when the organization requires
 * it: the same two endpoints either way.
 */

/** A new secret to scan; nothing changes for sign-in until a code confirms it. */
export const setupTwoFactor = async () =>
  (
    await authenticatedRequest('/me/two-factor/setup', {
      method: 'POST',
      schema: TwoFactorSetupResponse,
      fallbackMessage: WEB_MESSAGES.twoFactor.start,
    })
  ).data;

export const useSetupTwoFactor = () =>
  useMutation({ mutationFn: setupTwoFactor, meta: { errorToast: false } });

export const enableTwoFactor = async (payload: TwoFactorEnablePayload) =>
  (
    await authenticatedRequest('/me/two-factor/enable', {
      method: 'POST',
      body: payload,
      schema: RecoveryCodesResponse,
      fallbackMessage: WEB_MESSAGES.twoFactor.enable,
    })
  ).data.recoveryCodes;

/** Confirms the scanned secret; answers the recovery codes, which are shown only this once. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    // The form shows the server's reason beside the code field.
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me.profile }),
  });
}
