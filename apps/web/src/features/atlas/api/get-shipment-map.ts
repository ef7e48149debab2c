import { useActiveOrganizationId } from '@/lib/active-organization';
import { ApiError, authenticatedFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Scope, Shipment } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShipmentMapReply, ShipmentMapRequest } from './shipment-map-messages';

export type MapShipments = {
  /** The shipments in the box asked for, as the map draws them. */
  shipments: readonly Pick<Shipment, 'id' | 'currentPosition'>[];
  /** All the organization's shipments, in view or not. */
  total: number;
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

const decode = (body: ArrayBuffer, ids: ArrayBuffer) =>
  new Promise<ShipmentMapReply>((resolve, reject) => {
    const requestId = (nextRequestId += 1);
    pending.set(requestId, { resolve, reject });
    const request: ShipmentMapRequest = { requestId, body, ids };
    decoder().postMessage(request, [body, ids]);
  });

const bodyOf = async (path: string, signal?: AbortSignal) => {
  const response = await authenticatedFetch(path, { signal });
  if (!response.ok) throw new ApiError(FAILED, response.status);
  return response.arrayBuffer();
};

/**
 * The shipments in a box (`west,south,east,north`, null for the world): the compact map body and
 * the id list its ordinals index, decoded in a worker. A write between the two requests makes
 * them disagree: then both are asked again, once.
 */
export async function getShipmentMap(
  scope: Scope,
  bbox: string | null,
  signal?: AbortSignal,
): Promise<MapShipments> {
  // The server takes a zoom too, for the clusters to come; until it uses it, none is sent.
  const query = new URLSearchParams({ scope });
  if (bbox) query.set('bbox', bbox);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const [body, ids] = await Promise.all([
      bodyOf(`/atlas/shipments/map?${query.toString()}`, signal),
      bodyOf(`/atlas/shipments/map/ids?scope=${scope}`, signal),
    ]);
    const reply = await decode(body, ids);
    if (reply.kind === 'failed') throw new ApiError(FAILED, 0);
    if (reply.kind === 'map') {
      const shipments = reply.ids.map((id, i) => ({
        id,
        currentPosition: { lat: reply.lat[i] ?? 0, lng: reply.lng[i] ?? 0 },
      }));
      return { shipments, total: reply.total };
    }
  }
  throw new ApiError(FAILED, 409);
}

export const shipmentMapQuery = (
  scope: Scope,
  organizationId: string | null,
  bbox: string | null,
) =>
  queryOptions({
    queryKey: queryKeys.atlas.shipmentMap(organizationId, bbox ?? 'world', scope),
    queryFn: ({ signal }) => getShipmentMap(scope, bbox, signal),
    // The last view's points stay while the next view's load; never another organization's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === organizationId ? previous : undefined,
  });

const NO_SHIPMENTS: MapShipments = { shipments: [], total: 0 };

/** The shipments in view; a failure silently leaves the map without them (spec part 8). */
export function useShipmentMap(scope: Scope, bbox: string | null): MapShipments {
  const organizationId = useActiveOrganizationId();
  return useQuery(shipmentMapQuery(scope, organizationId, bbox)).data ?? NO_SHIPMENTS;
}
