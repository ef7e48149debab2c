import type {
  IncidentStatus,
  IncidentType,
  PriorityFilter,
  Scope,
  Severity,
} from '@meridian/contracts';
import { INCIDENT_LIMITS } from '@meridian/contracts/constants';
import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { ApiError } from '@/lib/api-client';
import { conditionalGet } from '@/lib/conditional-fetch';
import { lazyReader } from '@/lib/lazy-schema';
import { parseListReply } from '@/lib/parse-list';
import { queryKeys } from '@/lib/query-keys';
import type { ReadIncident } from '@/lib/readers';
import * as WEB_MESSAGES from '@/config/messages';

/*
 * The incidents a page at a time, filtered and sorted: the Events list and Atlas's feed.
 */

export const EVENT_SORTS = ['updatedAt', 'severity', 'priority'] as const;
export type EventSort = (typeof EVENT_SORTS)[number];

export type EventFilters = {
  scope: Scope;
  severity: Severity[];
  status: IncidentStatus[];
  type: IncidentType | null;
  q: string;
  sort: EventSort;
  /** Only incidents that reach something of the organization. */
  exposed: boolean;
  /** Of these priorities for the organization (NONE: not exposed); none chosen: any. */
  priority: PriorityFilter[];
};

/** The filters as the API's query string (scope last, paging added by the caller). */
export function filterQuery(filters: EventFilters): URLSearchParams {
  const query = new URLSearchParams({ scope: filters.scope });
  if (filters.severity.length) query.set('severity', filters.severity.join(','));
  if (filters.status.length) query.set('status', filters.status.join(','));
  if (filters.type) query.set('type', filters.type);
  if (filters.q.trim()) query.set('q', filters.q.trim());
  if (filters.sort !== 'updatedAt') query.set('sort', filters.sort);
  if (filters.exposed) query.set('exposed', 'true');
  if (filters.priority.length) query.set('priority', filters.priority.join(','));
  return query;
}

/** The Events screen's filters before any is chosen: the organization's list, newest first. */
export const NO_EVENT_FILTERS: EventFilters = {
  scope: 'ORG',
  severity: [],
  status: [],
  type: null,
  q: '',
  sort: 'updatedAt',
  exposed: false,
  priority: [],
};

/** A page of GET /atlas/events, or the spec's "not JSON" case, which shows sample incidents. */
export type IncidentPageReply =
  { kind: 'incidents'; incidents: ReadIncident[]; nextCursor: string | null } | { kind: 'notJson' };

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
  if (reply.kind === 'failed')
    throw new ApiError(WEB_MESSAGES.events.loadFailedInner, reply.status);
  const incidents = await parseListReply(await lazyReader('IncidentReader')(), reply.body);
  if (!incidents) throw new ApiError(WEB_MESSAGES.events.loadFailedInner, 200);
  const page = (reply.body as { page?: { nextCursor?: unknown } }).page;
  return {
    kind: 'incidents',
    incidents,
    nextCursor: typeof page?.nextCursor === 'string' ? page.nextCursor : null,
  };
}

/**
 * Which screen reads the pages: the Events list and Atlas's feed keep their own copies, so that
 * opening Events asks the server again (a revoked session learns it there) rather than showing
 * what the feed loaded.
 */
export type IncidentPagesView = 'events' | 'feed';

export const incidentPagesQuery = (
  filters: EventFilters,
  organizationId: string | null,
  view: IncidentPagesView = 'events',
) =>
  infiniteQueryOptions({
    queryKey: queryKeys.atlas.incidentPages(
      organizationId,
      `${view}?${filterQuery({ ...filters, scope: 'ORG' }).toString()}`,
      filters.scope,
    ),
    queryFn: ({ pageParam, signal }) => getIncidentPage(filters, pageParam, organizationId, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.kind === 'incidents' ? page.nextCursor : null),
  });

/** The Events list a page at a time (each page re-asked conditionally when polled). */
export function useIncidentPages(
  filters: EventFilters,
  options: { refetchInterval?: number; view?: IncidentPagesView } = {},
) {
  const organizationId = useActiveOrganizationId();
  const { view, ...rest } = options;
  return useInfiniteQuery({ ...incidentPagesQuery(filters, organizationId, view), ...rest });
}

/** The first page of the organization's list, started while the session and the screen load. */
export const prefetchIncidentPages = (
  queryClient: QueryClient,
  organizationId: string | null,
  view: IncidentPagesView = 'events',
) =>
  void queryClient.prefetchInfiniteQuery(
    incidentPagesQuery(NO_EVENT_FILTERS, organizationId, view),
  );
