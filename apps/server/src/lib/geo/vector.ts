import { EARTH_RADIUS_KM, type LngLat } from './sphere.js';

/**
 * Circle tests with unit vectors: a cap around a centre and arcs between points are decided
 * with dot and cross products only (no trigonometry per test), for the exposure engine's hot
 * loop. The results agree with haversine and cross-track distance (see geo.test.ts).
 */
export type Vec = [number, number, number];

const RAD = Math.PI / 180;

export function toVec([lng, lat]: LngLat): Vec {
  const [λ, φ] = [lng * RAD, lat * RAD];
  return [Math.cos(φ) * Math.cos(λ), Math.cos(φ) * Math.sin(λ), Math.sin(φ)];
}

const dot = (a: Vec, b: Vec) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec, b: Vec): Vec => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

/** A spherical cap: every point within `radiusKm` of `center`. */
export type Cap = { center: Vec; cosRadius: number; sinRadius: number };

export function capOf(center: LngLat, radiusKm: number): Cap {
  const angle = Math.min(Math.PI, radiusKm / EARTH_RADIUS_KM);
  return { center: toVec(center), cosRadius: Math.cos(angle), sinRadius: Math.sin(angle) };
}

export const capContains = (cap: Cap, point: Vec) => dot(cap.center, point) >= cap.cosRadius;

/** The great-circle distance between two unit vectors (atan2 of |a×b| and a·b: exact near 0). */
export function vecDistanceKm(a: Vec, b: Vec): number {
  const [x, y, z] = cross(a, b);
  return EARTH_RADIUS_KM * Math.atan2(Math.sqrt(x * x + y * y + z * z), dot(a, b));
}

/** An arc as its ends and the unit normal of its great circle (zero for a point). */
export type Arc = { a: Vec; b: Vec; normal: Vec };

export function arcOf(from: LngLat, to: LngLat): Arc {
  const a = toVec(from);
  const b = toVec(to);
  const n = cross(a, b);
  const length = Math.hypot(n[0], n[1], n[2]);
  return {
    a,
    b,
    normal: length > 1e-12 ? [n[0] / length, n[1] / length, n[2] / length] : [0, 0, 0],
  };
}

/** Whether the arc comes within the cap: an end inside, or its closest point between its ends. */
export function capTouchesArc(cap: Cap, arc: Arc): boolean {
  if (capContains(cap, arc.a) || capContains(cap, arc.b)) return true;
  const { center, sinRadius } = cap;
  const offPlane = dot(center, arc.normal);
  // Farther from the arc's great circle than the radius (and not a point-like arc).
  if (arc.normal[0] === 0 && arc.normal[1] === 0 && arc.normal[2] === 0) return false;
  if (Math.abs(offPlane) > sinRadius) return false;
  // The centre's foot on the great circle lies between the ends, on the short way round.
  const foot: Vec = [
    center[0] - offPlane * arc.normal[0],
    center[1] - offPlane * arc.normal[1],
    center[2] - offPlane * arc.normal[2],
  ];
  if (dot(foot, arc.a) + dot(foot, arc.b) <= 0) return false;
  return dot(cross(arc.a, foot), arc.normal) >= 0 && dot(cross(foot, arc.b), arc.normal) >= 0;
}

/**
 * The stretch of the arc inside the cap, as fractions of the way from `a` to `b` ([from, to]),
 * or null when it has none. A great circle meets a cap in one arc: around the foot of the
 * centre on it, half as wide as acos(cos r / cos d) (d the centre's angle off the circle);
 * that arc is clipped to the ends. A point-like arc is inside or not as a whole.
 */
export function capStretchOfArc(cap: Cap, arc: Arc): [number, number] | null {
  const { a, b, normal } = arc;
  const length = Math.atan2(Math.hypot(...cross(a, b)), dot(a, b));
  if (length === 0 || (normal[0] === 0 && normal[1] === 0 && normal[2] === 0)) {
    return capContains(cap, a) ? [0, 1] : null;
  }
  const offPlane = dot(cap.center, normal);
  const cosOff = Math.sqrt(Math.max(0, 1 - offPlane * offPlane));
  if (cosOff <= 0 || cap.cosRadius / cosOff > 1) return null;
  const halfWidth = Math.acos(Math.min(1, cap.cosRadius / cosOff));
  const foot: Vec = [
    cap.center[0] - offPlane * normal[0],
    cap.center[1] - offPlane * normal[1],
    cap.center[2] - offPlane * normal[2],
  ];
  // The foot's angle from `a`, signed in the arc's direction.
  const footAngle = Math.atan2(dot(cross(a, foot), normal), dot(a, foot));
  const from = Math.max(0, footAngle - halfWidth);
  const to = Math.min(length, footAngle + halfWidth);
  return from > to ? null : [from / length, to / length];
}
