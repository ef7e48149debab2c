import { decodeShipmentMap } from '@meridian/contracts/constants';
import type { ShipmentMapReply, ShipmentMapRequest } from './shipment-map-messages';

/**
 * Decodes the compact shipment map off the main thread: the binary body, and the id list its
 * ordinals index (JSON), into the ids and positions of the shipments in view.
 */
addEventListener('message', (event: MessageEvent<ShipmentMapRequest>) => {
  const { requestId, body, ids } = event.data;
  let reply: ShipmentMapReply;
  try {
    const map = decodeShipmentMap(body);
    const list = JSON.parse(new TextDecoder().decode(ids)) as {
      data: { tag: string; ids: string[] };
    };
    if (list.data.tag !== map.tag) {
      reply = { requestId, kind: 'stale' };
    } else {
      const inView = Array.from(map.ordinals, (ordinal) => list.data.ids[ordinal] ?? '');
      reply = { requestId, kind: 'map', total: map.total, ids: inView, lng: map.lng, lat: map.lat };
    }
  } catch {
    // Not a shipment map or not an id list (a proxy's page, a newer format).
    reply = { requestId, kind: 'failed' };
  }
  const transfer = reply.kind === 'map' ? [reply.lng.buffer, reply.lat.buffer] : [];
  postMessage(reply, { transfer });
});
