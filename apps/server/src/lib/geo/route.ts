import { type LngLat, greatCircle, haversineKm } from './sphere.js';

/** What a route is made of, as a shipment row holds it. */
export type RouteFacts = {
  mode: 'SEA' | 'AIR' | 'ROAD' | 'RAIL';
  position: LngLat;
  origin: LngLat | null;
  destination: LngLat | null;
  /** Given intermediate points, [lng, lat]. */
  waypoints: readonly LngLat[] | null;
};

/** Air routes are drawn as great circles in steps of this length. */
const AIR_STEP_KM = 200;

/**
 * The line a shipment follows, end to end: the given waypoints between its ends; for air a
 * great circle; otherwise origin → where it is now → destination.
 */
export function fullRoute(route: RouteFacts): LngLat[] {
  const { origin, destination, position, waypoints } = route;
  if (!origin || !destination) return [position];
  if (waypoints && waypoints.length > 0) return [origin, ...waypoints, destination];
  if (route.mode === 'AIR') return greatCircle(origin, destination, AIR_STEP_KM);
  return [origin, position, destination];
}

/**
 * The part still ahead: from where it is now along the route to its destination. The current
 * position is snapped to the nearest leg of the route; arcs stay great circles.
 */
export function remainingRoute(route: RouteFacts): LngLat[] {
  const { position, destination, waypoints } = route;
  if (!destination) return [position];
  if (!waypoints || waypoints.length === 0) return [position, destination];
  const path = fullRoute(route);
  let nearestLeg = 0;
  let nearest = Infinity;
  for (let i = 1; i < path.length; i += 1) {
    // The leg whose ends are together closest to the position is the one it is on.
    const cost =
      haversineKm(path[i - 1] as LngLat, position) +
      haversineKm(position, path[i] as LngLat) -
      haversineKm(path[i - 1] as LngLat, path[i] as LngLat);
    if (cost < nearest) {
      nearest = cost;
      nearestLeg = i;
    }
  }
  return [position, ...path.slice(nearestLeg)];
}
