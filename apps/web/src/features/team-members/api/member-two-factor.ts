import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { MessageResponse, TwoFactorStatusResponse } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const path = (userId: string) => `/admin/users/${encodeURIComponent(userId)}/two-factor`;

export const getMemberTwoFactor = async (userId: string, signal?: AbortSignal) =>
  (
    await authenticatedRequest(path(userId), {
      schema: TwoFactorStatusResponse,
      fallbackMessage: 'Failed to load two-factor status',
      signal,
    })
  ).data;

/** Whether a member signs in with a second factor, for an admin who may manage them. */
export function useMemberTwoFactor(userId: string) {
  const organizationId = useActiveOrganizationId();
  return useQuery({
    queryKey: queryKeys.users.twoFactor(organizationId, userId),
    queryFn: ({ signal }) => getMemberTwoFactor(userId, signal),
  });
}

export const resetMemberTwoFactor = (userId: string) =>
  authenticatedRequest(path(userId), {
    method: 'DELETE',
    schema: MessageResponse,
    fallbackMessage: 'Failed to reset two-factor authentication',
  });

/** Resets a member's second factor (a lost phone): they sign in with the password alone. */
export function useResetMemberTwoFactor(userId: string) {
  const queryClient = useQueryClient();
  const organizationId = useActiveOrganizationId();
  return useMutation({
    mutationFn: () => resetMemberTwoFactor(userId),
    onSuccess: async (reply) => {
      toast.success(reply.message);
      await queryClient.invalidateQueries({
        queryKey: queryKeys.users.twoFactor(organizationId, userId),
      });
    },
  });
}
