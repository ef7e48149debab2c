/** [longitude, latitude] in degrees, WGS 84, as GeoJSON writes positions. */
export type LngLat = readonly [number, number];

export const EARTH_RADIUS_KM = 6371.0088;
const RAD = Math.PI / 180;

/** Great-circle distance in km (haversine): exact enough at every scale, antimeridian included. */
export function haversineKm(a: LngLat, b: LngLat): number {
  const dLat = (b[1] - a[1]) * RAD;
  const dLng = (b[0] - a[0]) * RAD;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * RAD) * Math.cos(b[1] * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from a to b, radians clockwise from north. */
function bearing(a: LngLat, b: LngLat): number {
  const [lng1, lat1, lng2, lat2] = [a[0] * RAD, a[1] * RAD, b[0] * RAD, b[1] * RAD];
  return Math.atan2(
    Math.sin(lng2 - lng1) * Math.cos(lat2),
    Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(lng2 - lng1),
  );
}

/** A longitude brought into [-180, 180). */
export const wrapLng = (lng: number): number => ((((lng + 180) % 360) + 360) % 360) - 180;

/**
 * The shortest distance in km from point p to the great-circle arc a→b: the cross-track
 * distance when p's foot lies on the arc, else the nearer end.
 */
export function distanceToArcKm(p: LngLat, a: LngLat, b: LngLat): number {
  const ab = haversineKm(a, b);
  const ap = haversineKm(a, p);
  if (ab === 0) return ap;
  const d13 = ap / EARTH_RADIUS_KM;
  const crossTrack = Math.asin(Math.sin(d13) * Math.sin(bearing(a, p) - bearing(a, b)));
  const alongTrack = Math.acos(Math.min(1, Math.max(-1, Math.cos(d13) / Math.cos(crossTrack))));
  // Whether the foot falls ahead of a: the direction towards p agrees with the arc's.
  const ahead = Math.cos(bearing(a, p) - bearing(a, b)) > 0;
  if (ahead && alongTrack * EARTH_RADIUS_KM <= ab) return Math.abs(crossTrack) * EARTH_RADIUS_KM;
  return Math.min(ap, haversineKm(b, p));
}

/** The point a fraction `f` of the way along a→b, whose angular length is `d` (radians). */
function pointAt(a: LngLat, b: LngLat, d: number, f: number): LngLat {
  const [lng1, lat1, lng2, lat2] = [a[0] * RAD, a[1] * RAD, b[0] * RAD, b[1] * RAD];
  const A = Math.sin((1 - f) * d) / Math.sin(d);
  const B = Math.sin(f * d) / Math.sin(d);
  const x = A * Math.cos(lat1) * Math.cos(lng1) + B * Math.cos(lat2) * Math.cos(lng2);
  const y = A * Math.cos(lat1) * Math.sin(lng1) + B * Math.cos(lat2) * Math.sin(lng2);
  const z = A * Math.sin(lat1) + B * Math.sin(lat2);
  return [Math.atan2(y, x) / RAD, Math.atan2(z, Math.sqrt(x * x + y * y)) / RAD];
}

/** The point a fraction `f` (0–1) of the way along the great circle a→b. */
export function interpolate(a: LngLat, b: LngLat, f: number): LngLat {
  const d = haversineKm(a, b) / EARTH_RADIUS_KM;
  return d === 0 ? a : pointAt(a, b, d, f);
}

/** Points along the great circle a→b at most `stepKm` apart, both ends included. */
export function greatCircle(a: LngLat, b: LngLat, stepKm = 100): LngLat[] {
  const distance = haversineKm(a, b);
  if (distance === 0) return [a, b];
  const steps = Math.max(1, Math.ceil(distance / stepKm));
  const d = distance / EARTH_RADIUS_KM;
  const points: LngLat[] = [];
  for (let i = 0; i <= steps; i += 1) points.push(pointAt(a, b, d, i / steps));
  return points;
}

/**
 * Longitudes made continuous along a path (a step of more than 180° goes the short way round),
 * so a line across the antimeridian can be handled in the plane; values may leave ±180.
 */
export function unwrap(points: readonly LngLat[]): LngLat[] {
  const out: LngLat[] = [];
  let previous: number | null = null;
  for (const [lng, lat] of points) {
    let next = lng;
    if (previous !== null) {
      while (next - previous > 180) next -= 360;
      while (next - previous < -180) next += 360;
    }
    out.push([next, lat]);
    previous = next;
  }
  return out;
}
