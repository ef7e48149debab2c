import { GeoArea, GeoAreaShape } from '@meridian/contracts';
import { areaAnchor } from '../../lib/geo/area.js';

const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** Where a feed's event is: a point, an area, or neither (the connectors' FeedEvent has these). */
type Place = { lat: number | null; lng: number | null; area: GeoArea | null };

const validLngLat = (lng: number | null, lat: number | null): lng is number =>
  lng !== null && lat !== null && Math.abs(lng) <= 180 && Math.abs(lat) <= 90;

/**
 * Where a GeoJSON geometry puts an event: a point, or a polygon (kept as the incident's area
 * when it is valid, its centroid as the location; a self-crossing one gives only the centroid).
 * Null when there is nothing usable.
 */
export function placeOf(geometry: unknown): Place | null {
  const shape = geometry as { type?: unknown; coordinates?: unknown } | null;
  if (!shape || !Array.isArray(shape.coordinates)) return null;
  if (shape.type === 'Point') {
    const [lng, lat] = (shape.coordinates as unknown[]).map(finite);
    if (!validLngLat(lng ?? null, lat ?? null)) return null;
    return { lng: lng as number, lat: lat as number, area: null };
  }
  if (shape.type === 'Polygon' || shape.type === 'MultiPolygon') {
    const parsed = GeoAreaShape.safeParse({ type: shape.type, coordinates: shape.coordinates });
    if (!parsed.success) return null;
    const polygons =
      parsed.data.type === 'Polygon' ? [parsed.data.coordinates] : parsed.data.coordinates;
    const [lng, lat] = areaAnchor({
      kind: 'polygons',
      polygons: polygons.map((polygon) => polygon.map((ring) => ring.map(([x, y]) => [x, y]))),
    });
    // A shape whose rings cross themselves encloses nothing clear: the event keeps its place
    // (the outline's centre) without an area, rather than matching by a guess.
    const area = GeoArea.safeParse(parsed.data);
    return { lng, lat, area: area.success ? area.data : null };
  }
  return null;
}
