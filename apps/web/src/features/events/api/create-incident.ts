import { INCIDENT_MESSAGES_WEB } from '@/config/messages';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { IncidentResponse, type IncidentCreate } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export const createIncident = async (input: IncidentCreate) =>
  (
    await authenticatedRequest('/incidents', {
      method: 'POST',
      body: input,
      schema: IncidentResponse,
      fallbackMessage: INCIDENT_MESSAGES_WEB.createFailed,
    })
  ).data.incident;

export function useCreateIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIncident,
    // The dialog shows the server's reason beside the form.
    meta: { errorToast: false },
    onSuccess: async (incident) => {
      toast.success(INCIDENT_MESSAGES_WEB.created(incident.title));
      await queryClient.invalidateQueries({ queryKey: queryKeys.atlas.all });
    },
  });
}
