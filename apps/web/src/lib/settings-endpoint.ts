import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { authenticatedRequest } from './api-client';

type SettingsReply<T> = { message: string; data: T };

/** GET and PUT of one settings document: every settings screen reads and saves the same way. */
export function settingsEndpoint<T>(
  path: string,
  schema: z.ZodType<SettingsReply<T>>,
  fallbackMessages: { load: string; save: string },
) {
  return {
    get: async (signal?: AbortSignal): Promise<T> =>
      (
        await authenticatedRequest(path, {
          schema,
          fallbackMessage: fallbackMessages.load,
          signal,
        })
      ).data,
    put: (value: T): Promise<SettingsReply<T>> =>
      authenticatedRequest(path, {
        method: 'PUT',
        body: value,
        schema,
        fallbackMessage: fallbackMessages.save,
      }),
  };
}

/**
 * Saves a settings document: the saved value replaces the cached one (which resets the form) and
 * the server's message is toasted; a failure is toasted by the query client.
 */
export function useSaveSettings<T>(
  save: (value: T) => Promise<SettingsReply<T>>,
  queryKey: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (reply) => {
      queryClient.setQueryData(queryKey, reply.data);
      toast.success(reply.message);
    },
  });
}
