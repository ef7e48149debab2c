import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { TimelineEntryResponse } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const addComment = async (incidentId: string, body: string) =>
  (
    await authenticatedRequest(`/incidents/${encodeURIComponent(incidentId)}/comments`, {
      method: 'POST',
      body: { body },
      schema: TimelineEntryResponse,
      fallbackMessage: WEB_MESSAGES.incident.commentFailed,
    })
  ).data.entry;

export function useAddComment(incidentId: string) {
  const queryClient = useQueryClient();
  const organizationId = useActiveOrganizationId();
  return useMutation({
    mutationFn: (body: string) => addComment(incidentId, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({
        queryKey: queryKeys.atlas.timeline(organizationId, incidentId),
      });
    },
  });
}
