import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { AdminRole, Email, InvitationCreateResponse } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import * as WEB_MESSAGES from '@/config/messages';

export const inviteFormSchema = z.object({
  email: z.string().trim().min(1, WEB_MESSAGES.auth.emailRequired).pipe(Email),
  adminRole: AdminRole,
});
export type InviteFormValues = z.input<typeof inviteFormSchema>;
export type Invite = z.output<typeof inviteFormSchema>;

export const createInvitation = async (invite: Invite) => {
  const reply = await authenticatedRequest('/admin/invitations', {
    method: 'POST',
    body: invite,
    schema: InvitationCreateResponse,
    fallbackMessage: WEB_MESSAGES.team.inviteFailed,
  });
  return reply.data;
};

/** The invited person joins the list at once, as a pending user. */
export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: async () => {
      toast.success(WEB_MESSAGES.team.invitationSent);
      await queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}
