import { TWO_FACTOR_MESSAGES } from '@/config/two-factor-messages';
import { authenticatedRequest } from '@/lib/api-client';
import { TwoFactorSetupResponse } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';

/** A new secret to scan; nothing changes for sign-in until a code confirms it. */
export const setupTwoFactor = async () =>
  (
    await authenticatedRequest('/me/two-factor/setup', {
      method: 'POST',
      schema: TwoFactorSetupResponse,
      fallbackMessage: TWO_FACTOR_MESSAGES.start,
    })
  ).data;

export const useSetupTwoFactor = () =>
  useMutation({ mutationFn: setupTwoFactor, meta: { errorToast: false } });
