import type { Shipment } from '@meridian/contracts';
import type { ShipmentRow } from './atlas.repository.js';

export const toShipmentDto = (row: ShipmentRow): Shipment => ({
  id: row.id,
  currentPosition: { lat: row.lat, lng: row.lng },
  reference: row.reference,
  origin: row.origin,
  destination: row.destination,
  mode: row.mode,
  carrier: row.carrier,
  status: row.status,
  eta: row.eta?.toISOString() ?? null,
});
