import selfIntersections from 'geojson-polygon-self-intersections';

/** A position on the plane of longitude and latitude, longitudes free to leave ±180. */
export type PlanarPoint = [number, number];

/** A ring on the plane, and whether it was closed over a pole (its last three edges). */
type Planar = { path: PlanarPoint[]; capped: boolean };

function planar(ring: readonly (readonly number[])[]): Planar | null {
  const first = ring[0];
  if (!first) return { path: [], capped: false };
  // RFC 7946's polar box goes from -180 to 180 along a parallel, and reaches the pole.
  const polar = ring.some(([, lat]) => lat === 90 || lat === -90);
  const path: PlanarPoint[] = [[first[0] ?? 0, first[1] ?? 0]];
  let x = path[0]![0];
  for (let i = 1; i < ring.length; i += 1) {
    const [lng = 0, lat = 0] = ring[i]!;
    let step = lng - (ring[i - 1]![0] ?? 0);
    if (!(polar && Math.abs(step) === 360)) {
      if (step > 180) step -= 360;
      else if (step < -180) step += 360;
    }
    x += step;
    path.push([x, lat]);
  }
  const turns = Math.round((x - path[0]![0]) / 360);
  if (turns === 0) return { path, capped: false };
  if (Math.abs(turns) > 1) return null;
  const meanLat = path.reduce((sum, [, lat]) => sum + lat, 0) / path.length;
  const pole = meanLat >= 0 ? 90 : -90;
  const [start, end] = [path[0]!, path[path.length - 1]!];
  return {
    path: [...path, [end[0], pole], [start[0], pole], [start[0], start[1]]],
    capped: true,
  };
}

/**
 * A GeoJSON ring (RFC 7946) as a path on the plane, the way the ring is meant on the globe:
 * - each edge takes the short way in longitude, so a ring across the antimeridian stays whole
 *   (170 → -170 is a step of +20, not -340; a step of exactly 180° is taken as written);
 * - in a ring that reaches a pole, an edge between -180 and 180 exactly walks all the way round
 *   (RFC 7946's polar box, `[-180,80],[180,80],[180,90],[-180,90],[-180,80]`, is the cap north
 *   of 80°N); elsewhere such an edge is the antimeridian itself, of no length;
 * - a ring that goes once round the world (its steps add up to 360°, a ring drawn around a
 *   pole) is a polar cap: it is closed over the pole on its side of the equator.
 * Null for a ring that goes round more than once, which encloses nothing sensible.
 */
export function planarRing(ring: readonly (readonly number[])[]): PlanarPoint[] | null {
  return planar(ring)?.path ?? null;
}

/** The multiple of 360° that brings longitude `x` nearest to `reference`. */
export const nearestTurn = (x: number, reference: number) =>
  Math.round((reference - x) / 360) * 360;

/**
 * A polygon's rings on one plane: each as `planarRing` makes it, the holes moved by whole turns
 * next to the outline. Null when a ring goes round the world more than once.
 */
export function planarPolygon(
  polygon: readonly (readonly (readonly number[])[])[],
): PlanarPoint[][] | null {
  return planarRings(polygon)?.map((ring) => ring.path) ?? null;
}

function planarRings(polygon: readonly (readonly (readonly number[])[])[]): Planar[] | null {
  const rings: Planar[] = [];
  for (const ring of polygon) {
    const made = planar(ring);
    if (!made) return null;
    const outline = rings[0]?.path[0]?.[0];
    const shift = outline === undefined ? 0 : nearestTurn(made.path[0]?.[0] ?? 0, outline);
    rings.push(shift ? { ...made, path: made.path.map(([lng, lat]) => [lng + shift, lat]) } : made);
  }
  return rings;
}

const wrap = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;

/**
 * Where a polygon's rings cross themselves or each other (a bow-tie, a hole through its
 * outline), as [longitude, latitude]; null when they do not. Rings that only touch at a vertex
 * are allowed. A maintained implementation finds the crossings (an R-tree over the edges).
 */
export function ringCrossing(
  polygon: readonly (readonly (readonly number[])[])[],
): [number, number] | null {
  const rings = planarRings(polygon);
  if (!rings) return [polygon[0]?.[0]?.[0] ?? 0, polygon[0]?.[0]?.[1] ?? 0];
  // The edges that close a polar cap over its pole are no edges of the ring as drawn: what
  // meets them (a hole across the cap's seam) crosses nothing.
  const closing = (ring: number, edge: number) => {
    const made = rings[ring];
    return made !== undefined && made.capped && edge >= made.path.length - 4;
  };
  const found = selfIntersections(
    {
      type: 'Feature',
      properties: {},
      geometry: { type: 'Polygon', coordinates: rings.map((ring) => ring.path) },
    },
    {
      callbackFunction: ({ isect, ring0, edge0, ring1, edge1 }) =>
        closing(ring0, edge0) || closing(ring1, edge1) ? null : isect,
    },
  ) as (number[] | null)[];
  const crossing = found.find((point) => point !== null);
  return crossing ? [wrap(crossing[0] ?? 0), crossing[1] ?? 0] : null;
}
