import { decodeShipmentMap } from '@meridian/contracts/constants';
import type { ShipmentMapReply, ShipmentMapRequest } from './shipment-map-messages';
import { shipmentGeoJson } from './shipment-geojson';

/** Decodes the compact shipment map off the main thread into the documents the map loads. */
addEventListener('message', (event: MessageEvent<ShipmentMapRequest>) => {
  const { requestId, body } = event.data;
  let reply: ShipmentMapReply;
  try {
    const map = decodeShipmentMap(body);
    const all = shipmentGeoJson(map, () => true);
    const exposed = shipmentGeoJson(map, (i) => map.exposed[i] === 1);
    reply = {
      requestId,
      kind: 'map',
      tag: map.tag,
      total: map.total,
      count: all.count,
      all: all.blob,
      exposedCount: exposed.count,
      exposed: exposed.blob,
    };
  } catch {
    // Not a shipment map (a proxy's page, a newer format).
    reply = { requestId, kind: 'failed' };
  }
  postMessage(reply);
});
