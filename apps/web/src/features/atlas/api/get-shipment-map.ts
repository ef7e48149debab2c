import type { MapShipmentDocuments } from '@/components/map/map-types';
import { EVENTS_POLL_INTERVAL_MS } from '@/config/constants';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { ApiError, authenticatedFetch } from '@/lib/api-client';
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

const decode = workerClient<ShipmentMapRequest, ShipmentMapReply>(
  () => new Worker(new URL('./shipment-map.worker.ts', import.meta.url), { type: 'module' }),
  () => new ApiError(FAILED, 0),
);

/**
 * The shipments in a box (`west,south,east,north`, null for the world): the compact map body,
 * turned in a worker into the GeoJSON documents the map loads by URL (so the page's thread never
 * holds 100,000 points). It holds all the map draws, exposure rings included; ids are not loaded.
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
  const response = await authenticatedFetch(`/atlas/shipments/map?${query.toString()}`, {
    signal,
    headers: previous?.etag ? { 'If-None-Match': previous.etag } : {},
  });
  if (response.status === 304 && previous) return previous;
  if (!response.ok) throw new ApiError(FAILED, response.status);
  const body = await response.arrayBuffer();
  const reply = await decode({ body }, [body]);
  if (reply.kind === 'failed') throw new ApiError(FAILED, 0);
  const { all, count, exposed, exposedCount, total, tag } = reply;
  return {
    documents: { all, count, exposed, exposedCount },
    total,
    tag,
    etag: response.headers.get('etag'),
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
