import { decodeShipmentMap } from '@meridian/contracts/constants';
import { clusterShipments, clustersInView, type ShipmentClusters } from './shipment-clusters';
import type { ShipmentMapReply, ShipmentMapRequest } from './shipment-map-messages';
import { shipmentGeoJson } from './shipment-geojson';

/** The cluster indexes of the bodies read last, by key: views are cut from them. */
const indexes = new Map<string, ShipmentClusters>();
const KEPT_INDEXES = 4;

function keep(key: string, index: ShipmentClusters) {
  indexes.delete(key);
  indexes.set(key, index);
  for (const old of indexes.keys()) if (indexes.size > KEPT_INDEXES) indexes.delete(old);
}

function answer(request: ShipmentMapRequest): ShipmentMapReply {
  const { requestId } = request;
  if (request.kind === 'view') {
    const index = indexes.get(request.key);
    if (!index) return { requestId, kind: 'missing' };
    const { blob, features } = clustersInView(index, request);
    return { requestId, kind: 'view', document: blob, features };
  }
  if (request.kind === 'expansion') {
    const index = indexes.get(request.key);
    if (!index) return { requestId, kind: 'missing' };
    return { requestId, kind: 'expansion', zoom: index.getClusterExpansionZoom(request.clusterId) };
  }
  const map = decodeShipmentMap(request.body);
  keep(request.key, clusterShipments(map));
  const exposed = shipmentGeoJson(map, (i) => map.exposed[i] === 1);
  return {
    requestId,
    kind: 'map',
    tag: map.tag,
    total: map.total,
    count: map.ordinals.length,
    exposedCount: exposed.count,
    exposed: exposed.blob,
  };
}

/**
 * Reads the compact shipment map off the main thread: clusters it once, then answers each view
 * with what it shows, and hands over the exposed shipments to ring.
 */
addEventListener('message', (event: MessageEvent<ShipmentMapRequest>) => {
  let reply: ShipmentMapReply;
  try {
    reply = answer(event.data);
  } catch {
    // Not a shipment map (a proxy's page, a newer format), or a cluster id of another body.
    reply = { requestId: event.data.requestId, kind: 'failed' };
  }
  postMessage(reply);
});
