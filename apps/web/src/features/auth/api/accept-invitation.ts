import { publicRequest } from '@/lib/api-client';
import { AuthResponse, LIMITS, type InvitationAccept } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import * as WEB_MESSAGES from '@/config/messages';

/** The contract's rules, with messages written for people rather than for API clients. */
export const acceptInviteFormSchema = z.object({
  firstName: z
    .string()
    .trim()
    .min(1, WEB_MESSAGES.team.firstNameRequired)
    .max(LIMITS.name, WEB_MESSAGES.team.nameTooLong),
  lastName: z
    .string()
    .trim()
    .min(1, WEB_MESSAGES.team.lastNameRequired)
    .max(LIMITS.name, WEB_MESSAGES.team.nameTooLong),
  password: z
    .string()
    .min(LIMITS.passwordMin, WEB_MESSAGES.team.passwordTooShort)
    .max(LIMITS.passwordMax, WEB_MESSAGES.team.passwordTooLong),
});
export type AcceptInviteFormValues = z.input<typeof acceptInviteFormSchema>;
export type AcceptInvite = z.output<typeof acceptInviteFormSchema>;

/** Sets the person's name and password and answers a session, like a login. */
export const acceptInvitation = (payload: InvitationAccept) =>
  publicRequest('/auth/invitations/accept', {
    method: 'POST',
    body: payload,
    schema: AuthResponse,
    fallbackMessage: WEB_MESSAGES.team.invitationAcceptFailed,
  });

export const useAcceptInvitation = () =>
  useMutation({ mutationFn: acceptInvitation, meta: { errorToast: false } });
