import { type LngLat, greatCircle, haversineKm, interpolate } from './sphere.js';

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

/** The rest of the path from `km` along it: its end alone when the path is shorter. */
export function pathFrom(path: readonly LngLat[], km: number): LngLat[] {
  let left = km;
  for (let i = 1; i < path.length; i += 1) {
    const from = path[i - 1] as LngLat;
    const to = path[i] as LngLat;
    const leg = haversineKm(from, to);
    if (left <= leg) {
      return [leg === 0 ? from : interpolate(from, to, left / leg), ...path.slice(i)];
    }
    left -= leg;
  }
  return [path.at(-1) as LngLat];
}

/** A path's length in km. */
export const pathKm = (path: readonly LngLat[]): number =>
  path.reduce(
    (sum, point, i) => (i === 0 ? 0 : sum + haversineKm(path[i - 1] as LngLat, point)),
    0,
  );

/** What says when a shipment moves: its status, when its position was given, its times. */
export type Movement = {
  status: 'PLANNED' | 'IN_TRANSIT' | 'DELIVERED' | 'DELAYED';
  positionAt: Date;
  departureAt: Date | null;
  eta: Date | null;
};

/**
 * When a shipment moves from its given position: from the later of the time the position was
 * given and its departure (a PLANNED one only from a departure it was given), until its ETA.
 * Null: it does not move on its own (no destination or ETA, delivered, or an ETA not after
 * the start).
 */
export function travelWindow(route: RouteFacts, movement: Movement): [number, number] | null {
  if (!route.destination || !movement.eta || movement.status === 'DELIVERED') return null;
  if (movement.status === 'PLANNED' && !movement.departureAt) return null;
  const from = Math.max(movement.positionAt.getTime(), movement.departureAt?.getTime() ?? 0);
  const to = movement.eta.getTime();
  return to > from ? [from, to] : null;
}

/**
 * The route still ahead at `at`, from where the shipment is estimated to be then when no newer
 * position was given: its given position advanced at an even pace along the route ahead, to
 * arrive at its destination at its ETA (and taken to be there after it, until told otherwise).
 */
export function routeAheadAt(route: RouteFacts, movement: Movement, at: Date): LngLat[] {
  const ahead = remainingRoute(route);
  const window = travelWindow(route, movement);
  const now = at.getTime();
  if (!window || now <= window[0]) return ahead;
  if (now >= window[1]) return [route.destination as LngLat];
  return pathFrom(ahead, ((now - window[0]) / (window[1] - window[0])) * pathKm(ahead));
}

/** Where the shipment is estimated to be at `at` (see `routeAheadAt`). */
export const estimatedPosition = (route: RouteFacts, movement: Movement, at: Date): LngLat =>
  routeAheadAt(route, movement, at)[0] as LngLat;
