import { publicRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { type SupplierAnswer, SupplierRequestViewResponse } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import * as WEB_MESSAGES from '@/config/messages';

const requestPath = (token: string) => `/public/supplier-requests/${encodeURIComponent(token)}`;

/** What a supplier's link asks about; a wrong, revoked or expired link answers with its reason. */
export const useSupplierRequest = (token: string) =>
  useQuery({
    queryKey: queryKeys.supplierRequest(token),
    queryFn: async ({ signal }) =>
      (
        await publicRequest(requestPath(token), {
          schema: SupplierRequestViewResponse,
          fallbackMessage: WEB_MESSAGES.supplierResponse.loadFailed,
          signal,
        })
      ).data,
    enabled: token !== '',
    retry: false,
  });

/** Sends (or changes) the supplier's answer; the page then shows it as saved. */
export function useAnswerSupplierRequest(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: SupplierAnswer) =>
      publicRequest(requestPath(token), {
        method: 'PUT',
        body: answer,
        schema: z.object({ message: z.string() }),
        fallbackMessage: WEB_MESSAGES.supplierResponse.sendFailed,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.supplierRequest(token) });
    },
  });
}
