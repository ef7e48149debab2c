import type { MapShipmentDocuments } from '@/components/map/map-types';
import { EVENTS_POLL_INTERVAL_MS } from '@/config/constants';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { ApiError } from '@/lib/api-client';
import { changedBytes } from '@/lib/conditional-fetch';
import { queryKeys } from '@/lib/query-keys';
import type { Scope } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShipmentMapReply, ShipmentMapRequest } from './shipment-map-messages';
import { workerClient } from './worker-client';

export type MapShipments = {
  /** The shipments in the box asked for, as documents the map loads; null before the first. */
  documents: MapShipmentDocuments | null;
  /** All the organization's shipments, in view or not. */
  total: number;
  /** Names the shipments' version the ordinals belong to: details are asked for with it. */
  tag: string;
  /** The body's ETag: a poll sends it and an unchanged map comes back as a 304. */
  etag: string | null;
};

const FAILED = 'Failed to load shipments';

const ask = workerClient<ShipmentMapRequest, ShipmentMapReply>(
  () => new Worker(new URL('./shipment-map.worker.ts', import.meta.url), { type: 'module' }),
  () => new ApiError(FAILED, 0),
);

/** The worker started while the body is fetched: its code is loaded when the body comes. */
export const startShipmentWorker = (): void => {
  ask.start();
};

/** Names each body read: the worker keeps its clusters under it. */
let nextBody = 0;

/**
 * The shipments in a box (`west,south,east,north`, null for the world): the compact map body,
 * read and clustered in a worker, which then answers each view of the map with its clusters as
 * a GeoJSON document the map loads by URL (so neither the page's thread nor MapLibre's workers
 * hold 100,000 points). It holds all the map draws, exposure rings included; ids are not loaded.
 * With the previous answer's ETag, an unchanged map is a 304 and that answer is kept as it was.
 */
export async function getShipmentMap(
  scope: Scope,
  bbox: string | null,
  previous?: MapShipments,
  signal?: AbortSignal,
): Promise<MapShipments> {
  // The server takes a zoom too, for the clusters to come; until it uses it, none is sent.
  const query = new URLSearchParams({ scope });
  if (bbox) query.set('bbox', bbox);
  const changed = await changedBytes(
    `/atlas/shipments/map?${query.toString()}`,
    previous?.etag,
    FAILED,
    signal,
  );
  if (!changed && previous) return previous;
  if (!changed) throw new ApiError(FAILED, 304);
  const { bytes, etag } = changed;
  const key = String((nextBody += 1));
  // A copy stays here: the worker keeps the clusters of the last bodies only (and a worker that
  // failed keeps none), so a view of an older one reads it again.
  const kept = bytes.slice(0);
  const read = async () => {
    const copy = kept.slice(0);
    return await ask({ kind: 'read', key, body: copy }, [copy]);
  };
  const askKept = async (request: Parameters<typeof ask>[0]) => {
    const reply = await ask(request);
    if (reply.kind !== 'missing') return reply;
    await read();
    return await ask(request);
  };
  const reply = await ask({ kind: 'read', key, body: bytes }, [bytes]);
  if (reply.kind !== 'map') throw new ApiError(FAILED, 0);
  const { count, exposed, exposedCount, total, tag } = reply;
  return {
    documents: {
      count,
      exposed,
      exposedCount,
      view: async ({ west, south, east, north, zoom }) => {
        const answer = await askKept({ kind: 'view', key, bbox: [west, south, east, north], zoom });
        return answer.kind === 'view' ? answer.document : null;
      },
      expansionZoom: async (clusterId) => {
        const answer = await askKept({ kind: 'expansion', key, clusterId });
        return answer.kind === 'expansion' ? answer.zoom : null;
      },
    },
    total,
    tag,
    etag,
  };
}

export const shipmentMapQuery = (
  scope: Scope,
  organizationId: string | null,
  bbox: string | null,
) =>
  queryOptions({
    queryKey: queryKeys.atlas.shipmentMap(organizationId, bbox ?? 'world', scope),
    queryFn: ({ client, queryKey, signal }) =>
      getShipmentMap(scope, bbox, client.getQueryData<MapShipments>(queryKey), signal),
    // The rings follow the exposure, which changes with incidents: polled with the feed.
    refetchInterval: EVENTS_POLL_INTERVAL_MS,
    // The last view's points stay while the next view's load; never another organization's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === organizationId ? previous : undefined,
  });

const NO_SHIPMENTS: MapShipments = { documents: null, total: 0, tag: '', etag: null };

/** The shipments in view; a failure silently leaves the map without them (spec part 8). */
export function useShipmentMap(scope: Scope, bbox: string | null): MapShipments {
  const organizationId = useActiveOrganizationId();
  return useQuery(shipmentMapQuery(scope, organizationId, bbox)).data ?? NO_SHIPMENTS;
}
