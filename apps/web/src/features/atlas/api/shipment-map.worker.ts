import { decodeShipmentMap } from '@meridian/contracts/constants';
import type { ShipmentMapReply, ShipmentMapRequest } from './shipment-map-messages';

/** Decodes the compact shipment map off the main thread into the columns the map draws. */
addEventListener('message', (event: MessageEvent<ShipmentMapRequest>) => {
  const { requestId, body } = event.data;
  let reply: ShipmentMapReply;
  try {
    const { tag, total, ordinals, exposed, lng, lat } = decodeShipmentMap(body);
    reply = { requestId, kind: 'map', tag, total, ordinals, exposed, lng, lat };
  } catch {
    // Not a shipment map (a proxy's page, a newer format).
    reply = { requestId, kind: 'failed' };
  }
  const transfer =
    reply.kind === 'map'
      ? [reply.ordinals.buffer, reply.exposed.buffer, reply.lng.buffer, reply.lat.buffer]
      : [];
  postMessage(reply, { transfer });
});
