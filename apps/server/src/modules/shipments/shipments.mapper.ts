import type { Place, ShipmentDetail } from '@meridian/contracts';
import type { shipments } from '../../db/schema.js';
import { fullRoute } from '../../lib/geo/route.js';

export type ShipmentRow = typeof shipments.$inferSelect;

const place = (
  name: string,
  locode: string | null,
  lat: number | null,
  lng: number | null,
): Place | null => (lat === null || lng === null ? null : { name, locode, lat, lng });

/** A shipment with its ends, schedule and whole route (for its card and exposure lists). */
export const toShipmentDetail = (
  row: ShipmentRow,
  siteIds: readonly string[] = [],
): ShipmentDetail => {
  const originPlace = place(row.origin, row.originLocode, row.originLat, row.originLng);
  const destinationPlace = place(
    row.destination,
    row.destinationLocode,
    row.destinationLat,
    row.destinationLng,
  );
  return {
    id: row.id,
    currentPosition: { lat: row.lat, lng: row.lng },
    reference: row.reference,
    origin: row.origin,
    destination: row.destination,
    mode: row.mode,
    carrier: row.carrier,
    status: row.status,
    eta: row.eta?.toISOString() ?? null,
    originPlace,
    destinationPlace,
    departureAt: row.departureAt?.toISOString() ?? null,
    route: fullRoute({
      mode: row.mode,
      position: [row.lng, row.lat],
      origin: originPlace ? [originPlace.lng, originPlace.lat] : null,
      destination: destinationPlace ? [destinationPlace.lng, destinationPlace.lat] : null,
      waypoints: row.waypoints,
    }).map(([lng, lat]) => [lng, lat] as [number, number]),
    siteIds: [...siteIds],
  };
};
