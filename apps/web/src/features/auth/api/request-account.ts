import { ACCOUNT_REQUEST_FAILED_STATUS } from '@/config/messages';
import { publicRequest } from '@/lib/api-client';
import {
  ACCOUNT_REQUEST_MESSAGES,
  AccountRequestInput,
  Email,
  MessageResponse,
} from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

/** The contract's schema, with a blank e-mail reported like every other blank required field. */
export const accountRequestFormSchema = AccountRequestInput.extend({
  email: z.string().trim().min(1, ACCOUNT_REQUEST_MESSAGES.required).pipe(Email),
});
export type AccountRequestFormValues = z.input<typeof accountRequestFormSchema>;
export type AccountRequest = z.output<typeof accountRequestFormSchema>;

export const submitAccountRequest = (request: AccountRequest) =>
  publicRequest('/account-requests', {
    method: 'POST',
    body: request,
    schema: MessageResponse,
    fallbackMessage: ACCOUNT_REQUEST_FAILED_STATUS,
  });

export const useRequestAccount = () =>
  useMutation({ mutationFn: submitAccountRequest, meta: { errorToast: false } });
