import { EVENTS_MESSAGES } from '@/config/messages';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { ApiError } from '@/lib/api-client';
import { conditionalGet } from '@/lib/conditional-fetch';
import { lazySchema } from '@/lib/lazy-schema';
import { parseListReply } from '@/lib/parse-list';
import { queryKeys } from '@/lib/query-keys';
import type { Incident } from '@meridian/contracts';
import { INCIDENT_LIMITS } from '@meridian/contracts/constants';
import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { filterQuery, type EventFilters } from '../hooks/use-event-filters';

/** A page of GET /atlas/events, or the spec's "not JSON" case, which shows sample incidents. */
export type IncidentPageReply =
  { kind: 'incidents'; incidents: Incident[]; nextCursor: string | null } | { kind: 'notJson' };

export async function getIncidentPage(
  filters: EventFilters,
  cursor: string | null,
  organizationId: string | null,
  signal?: AbortSignal,
): Promise<IncidentPageReply> {
  const query = filterQuery(filters);
  query.set('limit', String(INCIDENT_LIMITS.screenPage));
  if (cursor) query.set('cursor', cursor);
  const reply = await conditionalGet(
    `/atlas/events?${query.toString()}`,
    organizationId ?? '',
    signal,
  );
  if (reply.kind === 'notJson') return reply;
  if (reply.kind === 'failed') throw new ApiError(EVENTS_MESSAGES.loadFailedInner, reply.status);
  const incidents = await parseListReply(await lazySchema('Incident')(), reply.body);
  if (!incidents) throw new ApiError(EVENTS_MESSAGES.loadFailedInner, 200);
  const page = (reply.body as { page?: { nextCursor?: unknown } }).page;
  return {
    kind: 'incidents',
    incidents,
    nextCursor: typeof page?.nextCursor === 'string' ? page.nextCursor : null,
  };
}

export const incidentPagesQuery = (filters: EventFilters, organizationId: string | null) =>
  infiniteQueryOptions({
    queryKey: queryKeys.atlas.incidentPages(
      organizationId,
      filterQuery({ ...filters, scope: 'ORG' }).toString(),
      filters.scope,
    ),
    queryFn: ({ pageParam, signal }) => getIncidentPage(filters, pageParam, organizationId, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.kind === 'incidents' ? page.nextCursor : null),
  });

/** The Events list a page at a time (each page re-asked conditionally when polled). */
export function useIncidentPages(
  filters: EventFilters,
  options: { refetchInterval?: number } = {},
) {
  const organizationId = useActiveOrganizationId();
  return useInfiniteQuery({ ...incidentPagesQuery(filters, organizationId), ...options });
}

/** The first page of the organization's list, started while the session and the screen load. */
export const prefetchIncidentPages = (queryClient: QueryClient, organizationId: string | null) =>
  void queryClient.prefetchInfiniteQuery(
    incidentPagesQuery(
      {
        scope: 'ORG',
        severity: [],
        status: [],
        type: null,
        q: '',
        sort: 'updatedAt',
        exposed: false,
      },
      organizationId,
    ),
  );
