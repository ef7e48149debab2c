import { useActiveOrganizationId } from '@/lib/active-organization';
import { updateIncident } from '@/entities/incident/incident-update';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import {
  type Incident,
  type IncidentDetailResponse,
  type IncidentUpdate,
} from '@meridian/contracts';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { IncidentPageReply } from '@/entities/incident/incident-pages';
import * as WEB_MESSAGES from '@/config/messages';

type Pages = InfiniteData<IncidentPageReply, string | null>;

/**
 * Changes an incident. A status change shows at once in every loaded list and on the event
 * page, and is rolled back (with the server's reason as a toast) if the server refuses it.
 */
export function useUpdateIncident() {
  const queryClient = useQueryClient();
  const organizationId = useActiveOrganizationId();
  const pagesFilter = { queryKey: [queryKeys.atlas.all[0], 'event-pages'] };
  return useMutation({
    mutationFn: ({ incidentId, change }: { incidentId: string; change: IncidentUpdate }) =>
      updateIncident(incidentId, change),
    onMutate: async ({ incidentId, change }) => {
      if (!change.status) return { snapshot: [] as [readonly unknown[], unknown][] };
      await queryClient.cancelQueries(pagesFilter);
      const detailKey = queryKeys.atlas.incident(organizationId, incidentId);
      const snapshot: [readonly unknown[], unknown][] = [
        ...queryClient.getQueriesData<Pages>(pagesFilter),
        [detailKey, queryClient.getQueryData(detailKey)],
      ];
      // Generic: list pages hold incidents as read (readers.ts), the event page its detail.
      const patch = <Item extends Pick<Incident, 'id' | 'status'>>(incident: Item): Item =>
        incident.id === incidentId && change.status
          ? { ...incident, status: change.status }
          : incident;
      queryClient.setQueriesData<Pages>(pagesFilter, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) =>
                page.kind === 'incidents'
                  ? { ...page, incidents: page.incidents.map(patch) }
                  : page,
              ),
            }
          : data,
      );
      queryClient.setQueryData<IncidentDetailResponse['data']>(detailKey, (detail) =>
        detail
          ? { ...detail, incident: { ...detail.incident, ...patch(detail.incident) } }
          : detail,
      );
      return { snapshot };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (incident) => {
      toast.success(WEB_MESSAGES.incident.updated(incident.title));
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.atlas.all });
    },
  });
}
