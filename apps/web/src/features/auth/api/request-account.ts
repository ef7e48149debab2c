import * as WEB_MESSAGES from '@/config/messages';
import { publicRequest } from '@/lib/api-client';
import { AccountRequestInput, Email, MessageResponse } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

/** The contract's schema, with a blank e-mail reported like every other blank required field. */
export const accountRequestFormSchema = AccountRequestInput.extend({
  email: z.string().trim().min(1, API_MESSAGES.accountRequest.required).pipe(Email),
});
export type AccountRequestFormValues = z.input<typeof accountRequestFormSchema>;
export type AccountRequest = z.output<typeof accountRequestFormSchema>;

export const submitAccountRequest = (request: AccountRequest) =>
  publicRequest('/account-requests', {
    method: 'POST',
    body: request,
    schema: MessageResponse,
    fallbackMessage: WEB_MESSAGES.accountRequest.failedStatus,
  });

export const useRequestAccount = () =>
  useMutation({ mutationFn: submitAccountRequest, meta: { errorToast: false } });
