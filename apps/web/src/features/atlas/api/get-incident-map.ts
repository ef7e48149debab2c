import type { MapArea, MapIncidentDocuments } from '@/components/map/map-types';
import { EVENTS_POLL_INTERVAL_MS } from '@/config/constants';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { ApiError, authenticatedFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Scope } from '@meridian/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { IncidentMapReply, IncidentMapRequest } from './incident-map-messages';
import { workerClient } from './worker-client';
import * as WEB_MESSAGES from '@/config/messages';

export type IncidentMap = {
  /** The located incidents as the map's document; null when the list could not be had. */
  documents: MapIncidentDocuments | null;
  /** Every incident of the scope, located or not. */
  count: number;
  /** Names the list the worker keeps, which areas are cut from. */
  key: string;
  etag: string | null;
};

const read = workerClient<IncidentMapRequest, IncidentMapReply>(
  () => new Worker(new URL('./incident-map.worker.ts', import.meta.url), { type: 'module' }),
  () => new ApiError(WEB_MESSAGES.events.loadFailedInner, 0),
);

let nextList = 0;

type Fetched = Extract<IncidentMapReply, { kind: 'fetched' }>;

/**
 * The scope's incidents for the map: the whole list (GET /atlas/events), fetched and read in a
 * worker into the map's document, so the 6 MB of 10,000 incidents never reach the page's thread.
 * The request is the page's client's own (its bearer, the refresh after a 401 and the retry); the
 * worker only sends it. Polled with the previous reply's ETag: an unchanged list is a 304 and
 * the map keeps its data. A reply that is not a list leaves the map without incidents (spec
 * part 8).
 */
export async function getIncidentMap(
  scope: Scope,
  previous?: IncidentMap,
  signal?: AbortSignal,
): Promise<IncidentMap> {
  const failure = WEB_MESSAGES.events.loadFailedInner;
  const key = String((nextList += 1));
  const last: { reply?: Fetched } = {};
  const response = await authenticatedFetch(`/atlas/events?scope=${scope}`, {
    signal,
    headers: previous?.etag ? { 'If-None-Match': previous.etag } : {},
    transport: async (url, init) => {
      const headers = Object.fromEntries(new Headers(init.headers));
      const reply = await abortable(read({ kind: 'fetch', key, url, headers }), init.signal);
      // As the page's fetch would fail: the client reports it as the server not being reached.
      if (reply.kind !== 'fetched') throw new TypeError('The incident list could not be fetched');
      last.reply = reply;
      return new Response(null, {
        status: reply.status,
        headers: reply.etag ? { etag: reply.etag } : {},
      });
    },
  });
  if (response.status === 304 && previous) return previous;
  if (!response.ok || !last.reply) throw new ApiError(failure, response.status);
  const { list, etag } = last.reply;
  if (list?.kind !== 'incidents') return { documents: null, count: 0, key, etag: null };
  return {
    documents: { points: list.points, count: list.count, located: list.located },
    count: list.count,
    key,
    etag,
  };
}

/** A worker's answer, or an AbortError once the query is cancelled (the worker still reads). */
function abortable<T>(answer: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return answer;
  if (signal.aborted) return Promise.reject(new DOMException('Aborted', 'AbortError'));
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

export const incidentMapQuery = (scope: Scope, organizationId: string | null) =>
  queryOptions({
    queryKey: queryKeys.atlas.incidentMap(organizationId, scope),
    queryFn: ({ client, queryKey, signal }) =>
      getIncidentMap(scope, client.getQueryData<IncidentMap>(queryKey), signal),
    refetchInterval: EVENTS_POLL_INTERVAL_MS,
  });

/** The scope's incidents on the map; a failure silently leaves it without them. */
export function useIncidentMap(scope: Scope) {
  const organizationId = useActiveOrganizationId();
  return useQuery(incidentMapQuery(scope, organizationId));
}

const NO_AREAS: readonly MapArea[] = [];

/** The reach of the given incidents of the map's list, those not resolved (cut in the worker). */
export function useIncidentAreas(
  map: IncidentMap | undefined,
  incidentIds: readonly string[],
): readonly MapArea[] {
  const ids = incidentIds.toSorted();
  const query = useQuery({
    queryKey: queryKeys.atlas.incidentAreas(map?.key ?? null, ids.join(',')),
    queryFn: async () => {
      const reply = await read({ kind: 'areas', key: map?.key ?? '', ids });
      return reply.kind === 'areas' ? reply.areas : NO_AREAS;
    },
    enabled: Boolean(map?.documents) && ids.length > 0,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
  return ids.length > 0 ? (query.data ?? NO_AREAS) : NO_AREAS;
}
