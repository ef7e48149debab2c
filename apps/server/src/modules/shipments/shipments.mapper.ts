import type { Place, ShipmentDetail } from '@meridian/contracts';
import type { shipments } from '../../db/schema.js';
import {
  type RouteFacts,
  estimatedPosition,
  fullRoute,
  travelWindow,
} from '../../lib/geo/route.js';

export type ShipmentRow = typeof shipments.$inferSelect;

const place = (
  name: string,
  locode: string | null,
  lat: number | null,
  lng: number | null,
): Place | null => (lat === null || lng === null ? null : { name, locode, lat, lng });

/** Where the shipment is estimated to be at `now`, when it has moved on from where it was given. */
function estimateOf(row: ShipmentRow, facts: RouteFacts, now: Date) {
  const window = travelWindow(facts, row);
  if (!window || now.getTime() <= window[0]) return null;
  const [lng, lat] = estimatedPosition(facts, row, now);
  return { lat, lng };
}

/** A shipment with its ends, schedule and whole route (for its card and exposure lists). */
export const toShipmentDetail = (
  row: ShipmentRow,
  siteIds: readonly string[] = [],
  now = new Date(),
): ShipmentDetail => {
  const originPlace = place(row.origin, row.originLocode, row.originLat, row.originLng);
  const destinationPlace = place(
    row.destination,
    row.destinationLocode,
    row.destinationLat,
    row.destinationLng,
  );
  const facts: RouteFacts = {
    mode: row.mode,
    position: [row.lng, row.lat],
    origin: originPlace ? [originPlace.lng, originPlace.lat] : null,
    destination: destinationPlace ? [destinationPlace.lng, destinationPlace.lat] : null,
    waypoints: row.waypoints,
  };
  return {
    id: row.id,
    currentPosition: { lat: row.lat, lng: row.lng },
    reference: row.reference,
    origin: row.origin,
    destination: row.destination,
    mode: row.mode,
    carrier: row.carrier,
    cargoValue: row.cargoValue,
    cargoCurrency: row.cargoCurrency,
    status: row.status,
    eta: row.eta?.toISOString() ?? null,
    originPlace,
    destinationPlace,
    departureAt: row.departureAt?.toISOString() ?? null,
    positionAt: row.positionAt.toISOString(),
    estimatedPosition: estimateOf(row, facts, now),
    route: fullRoute(facts).map(([lng, lat]) => [lng, lat] as [number, number]),
    siteIds: [...siteIds],
  };
};
