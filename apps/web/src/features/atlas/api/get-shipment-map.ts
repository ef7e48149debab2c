import type { MapShipmentPoint } from '@/components/map/map-types';
import { EVENTS_POLL_INTERVAL_MS } from '@/config/constants';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { ApiError, authenticatedFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Scope } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShipmentMapReply, ShipmentMapRequest } from './shipment-map-messages';

export type MapShipments = {
  /** The shipments in the box asked for, as the map draws them: by ordinal, exposed or not. */
  shipments: readonly MapShipmentPoint[];
  /** All the organization's shipments, in view or not. */
  total: number;
  /** Names the shipments' version the ordinals belong to: details are asked for with it. */
  tag: string;
  /** The body's ETag: a poll sends it and an unchanged map comes back as a 304. */
  etag: string | null;
};

const FAILED = 'Failed to load shipments';

let worker: Worker | null = null;
let nextRequestId = 0;
const pending = new Map<
  number,
  { resolve: (reply: ShipmentMapReply) => void; reject: (error: Error) => void }
>();

/** One worker for the page's lifetime, started with the first map. */
function decoder(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./shipment-map.worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<ShipmentMapReply>) => {
      pending.get(event.data.requestId)?.resolve(event.data);
      pending.delete(event.data.requestId);
    });
    // A worker that cannot start fails what waits for it; the next map starts another.
    worker.addEventListener('error', () => {
      for (const { reject } of pending.values()) reject(new ApiError(FAILED, 0));
      pending.clear();
      worker?.terminate();
      worker = null;
    });
  }
  return worker;
}

const decode = (body: ArrayBuffer) =>
  new Promise<ShipmentMapReply>((resolve, reject) => {
    const requestId = (nextRequestId += 1);
    pending.set(requestId, { resolve, reject });
    const request: ShipmentMapRequest = { requestId, body };
    decoder().postMessage(request, [body]);
  });

/**
 * The shipments in a box (`west,south,east,north`, null for the world): the compact map body,
 * decoded in a worker. It holds all the map draws, exposure rings included; ids are not loaded.
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
  const reply = await decode(await response.arrayBuffer());
  if (reply.kind === 'failed') throw new ApiError(FAILED, 0);
  const shipments = Array.from(reply.ordinals, (ordinal, i): MapShipmentPoint => ({
    ordinal,
    exposed: reply.exposed[i] === 1,
    currentPosition: { lat: reply.lat[i] ?? 0, lng: reply.lng[i] ?? 0 },
  }));
  return { shipments, total: reply.total, tag: reply.tag, etag: response.headers.get('etag') };
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

const NO_SHIPMENTS: MapShipments = { shipments: [], total: 0, tag: '', etag: null };

/** The shipments in view; a failure silently leaves the map without them (spec part 8). */
export function useShipmentMap(scope: Scope, bbox: string | null): MapShipments {
  const organizationId = useActiveOrganizationId();
  return useQuery(shipmentMapQuery(scope, organizationId, bbox)).data ?? NO_SHIPMENTS;
}
