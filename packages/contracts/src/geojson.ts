import { z } from 'zod';
import { ringCrossing } from './rings.js';

/** The most vertices an incident's area may have: enough for a detailed coastline. */
export const AREA_MAX_VERTICES = 10_000;

/** RFC 7946 position: [longitude, latitude] in WGS 84, an altitude allowed and ignored. */
const Position = z.tuple(
  [
    z
      .number()
      .min(-180, 'longitude must be between -180 and 180')
      .max(180, 'longitude must be between -180 and 180'),
    z
      .number()
      .min(-90, 'latitude must be between -90 and 90')
      .max(90, 'latitude must be between -90 and 90'),
  ],
  z.number(),
);

/** A closed ring: at least four positions, the last the same as the first (any winding). */
const LinearRing = z
  .array(Position)
  .min(4, 'a polygon ring needs at least 4 positions')
  .refine(
    (ring) => {
      const [first, last] = [ring[0], ring[ring.length - 1]];
      return (
        first !== undefined && last !== undefined && first[0] === last[0] && first[1] === last[1]
      );
    },
    { message: 'a polygon ring must end where it starts (closed ring)' },
  );

const PolygonRings = z.array(LinearRing).min(1, 'a polygon needs at least one ring');
const BBox = z.array(z.number()).optional();

export const GeoPolygon = z.strictObject({
  type: z.literal('Polygon'),
  coordinates: PolygonRings,
  bbox: BBox,
});
export const GeoMultiPolygon = z.strictObject({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(PolygonRings).min(1, 'a multipolygon needs at least one polygon'),
  bbox: BBox,
});

const vertexCount = (area: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown[] }) =>
  (area.type === 'Polygon'
    ? [area.coordinates as number[][][]]
    : (area.coordinates as number[][][][])
  ).reduce((total, polygon) => total + polygon.reduce((sum, ring) => sum + ring.length, 0), 0);

/** A Polygon or MultiPolygon as GeoJSON writes it: closed rings, bounded in size. */
export const GeoAreaShape = z
  .discriminatedUnion('type', [GeoPolygon, GeoMultiPolygon])
  .refine((area) => vertexCount(area) <= AREA_MAX_VERTICES, {
    message: `an area may have at most ${AREA_MAX_VERTICES} vertices`,
  });

const polygonsOf = (area: z.infer<typeof GeoAreaShape>) =>
  area.type === 'Polygon' ? [area.coordinates] : area.coordinates;

/**
 * An affected area: a GeoJSON Polygon or MultiPolygon (RFC 7946), closed, bounded in size,
 * whose rings do not cross themselves or one another (a bow-tie encloses nothing clear). A ring
 * round a pole, or RFC 7946's box from -180 to 180, is a polar cap (see `planarRing`).
 */
export const GeoArea = GeoAreaShape.superRefine((area, context) => {
  for (const polygon of polygonsOf(area)) {
    const crossing = ringCrossing(polygon);
    if (crossing) {
      const [lng, lat] = crossing.map((value) => Math.round(value * 1e5) / 1e5);
      context.addIssue({
        code: 'custom',
        message: `a polygon's rings must not cross themselves or each other (they cross at longitude ${lng}, latitude ${lat})`,
      });
      return;
    }
  }
}).meta({ id: 'GeoArea' });
export type GeoArea = z.infer<typeof GeoArea>;
