import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { IncidentResponse, type IncidentCreate } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const createIncident = async (input: IncidentCreate) =>
  (
    await authenticatedRequest('/incidents', {
      method: 'POST',
      body: input,
      schema: IncidentResponse,
      fallbackMessage: WEB_MESSAGES.incident.createFailed,
    })
  ).data.incident;

export function useCreateIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIncident,
    // The dialog shows the server's reason beside the form.
    meta: { errorToast: false },
    onSuccess: async (incident) => {
      toast.success(WEB_MESSAGES.incident.created(incident.title));
      await queryClient.invalidateQueries({ queryKey: queryKeys.atlas.all });
    },
  });
}
