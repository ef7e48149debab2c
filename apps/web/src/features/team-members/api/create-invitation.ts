import { AUTH_MESSAGES, TEAM_MESSAGES } from '@/config/messages';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { AdminRole, Email, InvitationCreateResponse } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { z } from 'zod';

export const inviteFormSchema = z.object({
  email: z.string().trim().min(1, AUTH_MESSAGES.emailRequired).pipe(Email),
  adminRole: AdminRole,
});
export type InviteFormValues = z.input<typeof inviteFormSchema>;
export type Invite = z.output<typeof inviteFormSchema>;

export const createInvitation = async (invite: Invite) => {
  const reply = await authenticatedRequest('/admin/invitations', {
    method: 'POST',
    body: invite,
    schema: InvitationCreateResponse,
    fallbackMessage: TEAM_MESSAGES.inviteFailed,
  });
  return reply.data;
};

/** The invited person joins the list at once, as a pending user. */
export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: async () => {
      toast.success(TEAM_MESSAGES.invitationSent);
      await queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}
