import type { Scope } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { ApiError, authenticatedFetch } from '@/lib/api-client';
import { lazyReader } from '@/lib/lazy-schema';
import { parseListReply, yieldToBrowser } from '@/lib/parse-list';
import { queryKeys } from '@/lib/query-keys';
import type { ReadIncident } from '@/lib/readers';
import * as WEB_MESSAGES from '@/config/messages';

/**
 * A reply of GET /atlas/events. The spec treats a reply that is not JSON (a proxy's HTML page,
 * say) differently from a failure, so it is a result of its own rather than an error.
 */
export type IncidentsReply = { kind: 'incidents'; incidents: ReadIncident[] } | { kind: 'notJson' };

/** An incident's time for sorting: one without (the spec's "Unknown") comes last. */
const updatedTime = ({ updatedAt }: ReadIncident) =>
  updatedAt ? Date.parse(updatedAt) : Number.NEGATIVE_INFINITY;

const byUpdatedAtDesc = (a: ReadIncident, b: ReadIncident) => updatedTime(b) - updatedTime(a) || 0;

/** Incidents newest first; a non-OK reply or a JSON reply of the wrong shape is an error. */
export async function getIncidents(scope: Scope, signal?: AbortSignal): Promise<IncidentsReply> {
  const response = await authenticatedFetch(`/atlas/events?scope=${scope}`, { signal });
  if (!response.ok) throw new ApiError(WEB_MESSAGES.events.loadFailedInner, response.status);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { kind: 'notJson' };
  }
  await yieldToBrowser(); // parsing 10,000 incidents was one task; checking them starts another
  const incidents = await parseListReply(await lazyReader('IncidentReader')(), body);
  if (!incidents) throw new ApiError(WEB_MESSAGES.events.loadFailedInner, response.status);
  return { kind: 'incidents', incidents: incidents.toSorted(byUpdatedAtDesc) };
}

/** Keyed by the acting organization too, so one organization's list never shows for another. */
export const incidentsQuery = (scope: Scope, organizationId: string | null) =>
  queryOptions({
    queryKey: queryKeys.atlas.incidents(organizationId, scope),
    queryFn: ({ signal }) => getIncidents(scope, signal),
  });

export function useIncidents(scope: Scope, options: { refetchInterval?: number } = {}) {
  const organizationId = useActiveOrganizationId();
  return useQuery({ ...incidentsQuery(scope, organizationId), ...options });
}
