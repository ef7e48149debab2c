import { TEAM_MESSAGES } from '@/config/messages';
import { publicRequest } from '@/lib/api-client';
import { AuthResponse, LIMITS, type InvitationAccept } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

/** The contract's rules, with messages written for people rather than for API clients. */
export const acceptInviteFormSchema = z.object({
  firstName: z
    .string()
    .trim()
    .min(1, TEAM_MESSAGES.firstNameRequired)
    .max(LIMITS.name, TEAM_MESSAGES.nameTooLong),
  lastName: z
    .string()
    .trim()
    .min(1, TEAM_MESSAGES.lastNameRequired)
    .max(LIMITS.name, TEAM_MESSAGES.nameTooLong),
  password: z
    .string()
    .min(LIMITS.passwordMin, TEAM_MESSAGES.passwordTooShort)
    .max(LIMITS.passwordMax, TEAM_MESSAGES.passwordTooLong),
});
export type AcceptInviteFormValues = z.input<typeof acceptInviteFormSchema>;
export type AcceptInvite = z.output<typeof acceptInviteFormSchema>;

/** Sets the person's name and password and answers a session, like a login. */
export const acceptInvitation = (payload: InvitationAccept) =>
  publicRequest('/auth/invitations/accept', {
    method: 'POST',
    body: payload,
    schema: AuthResponse,
    fallbackMessage: TEAM_MESSAGES.invitationAcceptFailed,
  });

export const useAcceptInvitation = () =>
  useMutation({ mutationFn: acceptInvitation, meta: { errorToast: false } });
