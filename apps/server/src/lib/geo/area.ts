import { nearestTurn, planarPolygon, planarRing } from '@meridian/contracts';
import { type LngLat, distanceToArcKm, greatCircle, haversineKm, unwrap } from './sphere.js';
import { arcOf, capOf, capStretchOfArc } from './vector.js';

/**
 * Where an incident reaches: the circle of its affected radius around its location, or its
 * own polygons (GeoJSON Polygon / MultiPolygon rings: the first ring of each polygon is its
 * outline, the others its holes; any winding; read on the plane as `planarRing` says, so a
 * ring round a pole is a polar cap).
 */
export type Area =
  | { kind: 'circle'; center: LngLat; radiusKm: number }
  | { kind: 'polygons'; polygons: readonly (readonly (readonly LngLat[])[])[] };

/** A box [minLng, minLat, maxLng, maxLat] within ±180; something across the antimeridian gives two. */
export type BBox = [number, number, number, number];

const KM_PER_DEGREE = 111.195;
/** Sub-segments of a route are tested this short at most against a polygon. */
const POLYGON_STEP_KM = 25;

/** Boxes of a longitude range that may leave ±180 (unwrapped), split at the antimeridian. */
export function splitBoxes(minLng: number, minLat: number, maxLng: number, maxLat: number): BBox[] {
  if (maxLng - minLng >= 360) return [[-180, minLat, 180, maxLat]];
  const shift = Math.floor((minLng + 180) / 360) * 360;
  const [lo, hi] = [minLng - shift, maxLng - shift];
  return hi <= 180
    ? [[lo, minLat, hi, maxLat]]
    : [
        [lo, minLat, 180, maxLat],
        [-180, minLat, hi - 360, maxLat],
      ];
}

/** The boxes around an area, for a first cut through a spatial index. */
export function areaBoxes(area: Area): BBox[] {
  if (area.kind === 'circle') {
    const [lng, lat] = area.center;
    const dLat = area.radiusKm / KM_PER_DEGREE;
    const minLat = Math.max(-90, lat - dLat);
    const maxLat = Math.min(90, lat + dLat);
    // A circle over a pole covers every longitude.
    if (minLat <= -90 || maxLat >= 90) return [[-180, minLat, 180, maxLat]];
    const widest = Math.max(Math.abs(minLat), Math.abs(maxLat));
    const dLng = area.radiusKm / (KM_PER_DEGREE * Math.cos((widest * Math.PI) / 180));
    return splitBoxes(lng - dLng, minLat, lng + dLng, maxLat);
  }
  return area.polygons.flatMap((polygon) => planeBoxes(planarRing(polygon[0] ?? []) ?? []));
}

/** The boxes around points on the plane (longitudes already continuous). */
function planeBoxes(path: readonly LngLat[]): BBox[] {
  if (path.length === 0) return [];
  let [minLng, minLat, maxLng, maxLat] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lng, lat] of path) {
    minLng = Math.min(minLng, lng);
    maxLng = Math.max(maxLng, lng);
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
  }
  return splitBoxes(minLng, minLat, maxLng, maxLat);
}

/** The boxes around a path of points (a route, a ring). */
export function pathBoxes(points: readonly LngLat[]): BBox[] {
  return planeBoxes(unwrap(points));
}

/** Even-odd ray casting over every ring of a polygon (so holes count), on the plane. */
function inPolygon(point: LngLat, rings: readonly (readonly LngLat[])[]): boolean {
  let inside = false;
  for (const path of planarPolygon(rings) ?? []) {
    // The point's longitude as seen from this ring (same wrap).
    const reference = path[0]?.[0] ?? 0;
    let x = point[0];
    while (x - reference > 180) x -= 360;
    while (x - reference < -180) x += 360;
    for (const candidate of [x, x - 360, x + 360]) {
      if (crossings(candidate, point[1], path) % 2 === 1) {
        inside = !inside;
        break;
      }
    }
  }
  return inside;
}

function crossings(x: number, y: number, path: readonly LngLat[]): number {
  let count = 0;
  for (let i = 0, j = path.length - 1; i < path.length; j = i, i += 1) {
    const [xi, yi] = path[i] as LngLat;
    const [xj, yj] = path[j] as LngLat;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) count += 1;
  }
  return count;
}

export function pointInArea(point: LngLat, area: Area): boolean {
  if (area.kind === 'circle') return haversineKm(point, area.center) <= area.radiusKm;
  return area.polygons.some((polygon) => inPolygon(point, polygon));
}

/**
 * Whether the line a→b (a great-circle arc) enters the area anywhere between its ends: the
 * route between two waypoints can cross an area that neither waypoint lies in.
 */
export function arcTouchesArea(a: LngLat, b: LngLat, area: Area): boolean {
  if (area.kind === 'circle') return distanceToArcKm(area.center, a, b) <= area.radiusKm;
  // The arc in short straight pieces: inside at a piece's end, or crossing an edge within it.
  const points = greatCircle(a, b, POLYGON_STEP_KM);
  if (points.some((point) => pointInArea(point, area))) return true;
  const pieces = unwrap(points);
  return area.polygons.some((polygon) =>
    (planarPolygon(polygon) ?? []).some((edges) => {
      const near = nearestTurn(pieces[0]?.[0] ?? 0, edges[0]?.[0] ?? 0);
      // A ring wider than half the world (a polar cap) is met by the route a turn either side.
      const shifts = ringWidth(edges) > 180 ? [near - 360, near, near + 360] : [near];
      return shifts.some((shift) => {
        for (let i = 1; i < pieces.length; i += 1) {
          const [p, q] = [pieces[i - 1] as LngLat, pieces[i] as LngLat];
          const from: LngLat = [p[0] + shift, p[1]];
          const to: LngLat = [q[0] + shift, q[1]];
          for (let j = 1; j < edges.length; j += 1) {
            if (segmentsCross(from, to, edges[j - 1] as LngLat, edges[j] as LngLat)) return true;
          }
        }
        return false;
      });
    }),
  );
}

/** Most points an arc is sampled at when finding the stretch of it inside polygons. */
const STRETCH_SAMPLES = 64;

/**
 * The stretch of the arc a→b that lies inside the polygons, as fractions of the way from a:
 * from the first to the last of points sampled along it (every POLYGON_STEP_KM, at most
 * STRETCH_SAMPLES). [0, 1] when no sample falls inside (an arc that only grazes them).
 * Circles are measured exactly (`capStretchOfArc`).
 */
export function arcStretchInArea(a: LngLat, b: LngLat, area: Area): [number, number] {
  if (area.kind === 'circle') {
    return capStretchOfArc(capOf(area.center, area.radiusKm), arcOf(a, b)) ?? [0, 1];
  }
  const lengthKm = haversineKm(a, b);
  const steps = Math.min(STRETCH_SAMPLES, Math.max(1, Math.ceil(lengthKm / POLYGON_STEP_KM)));
  const points = greatCircle(a, b, Math.max(lengthKm / steps, 1e-6));
  let first = -1;
  let last = -1;
  points.forEach((point, i) => {
    if (!pointInArea(point, area)) return;
    if (first < 0) first = i;
    last = i;
  });
  const count = points.length - 1;
  return first < 0 || count <= 0 ? [0, 1] : [first / count, last / count];
}

const ringWidth = (ring: readonly LngLat[]) => {
  const longitudes = ring.map(([lng]) => lng);
  return Math.max(...longitudes) - Math.min(...longitudes);
};

const orientation = (a: LngLat, b: LngLat, c: LngLat) =>
  Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));

/** Whether the straight segments p→q and r→s cross (touching counts). */
function segmentsCross(p: LngLat, q: LngLat, r: LngLat, s: LngLat): boolean {
  const [o1, o2, o3, o4] = [
    orientation(p, q, r),
    orientation(p, q, s),
    orientation(r, s, p),
    orientation(r, s, q),
  ];
  return o1 !== o2 && o3 !== o4;
}

/** Whether a path (consecutive great-circle arcs) touches the area. */
export function pathTouchesArea(path: readonly LngLat[], area: Area): boolean {
  if (path.length === 1) return pointInArea(path[0] as LngLat, area);
  for (let i = 1; i < path.length; i += 1) {
    if (arcTouchesArea(path[i - 1] as LngLat, path[i] as LngLat, area)) return true;
  }
  return false;
}

/** The point distances are measured from: the circle's centre, or the first outline's centroid. */
export function areaAnchor(area: Area): LngLat {
  if (area.kind === 'circle') return area.center;
  const outline = planarRing(area.polygons[0]?.[0] ?? [[0, 0]]) ?? [[0, 0]];
  const ring = outline.length > 1 ? outline.slice(0, -1) : outline;
  const lng = ring.reduce((sum, [x]) => sum + x, 0) / ring.length;
  const lat = ring.reduce((sum, [, y]) => sum + y, 0) / ring.length;
  return [((((lng + 180) % 360) + 360) % 360) - 180, lat];
}
