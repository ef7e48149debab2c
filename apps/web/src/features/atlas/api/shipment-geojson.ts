import type { ShipmentMap } from '@meridian/contracts/constants';

/** Five decimals: about a metre, and no float32 noise ("51.92250061035156") in the text. */
export const roundDegrees = (degrees: number) => Math.round(degrees * 1e5) / 1e5;

/** Features are written this many at a time: one string per chunk keeps the text cheap to join. */
const CHUNK = 4096;

/**
 * The shipments `include` keeps (the exposed ones) as a GeoJSON FeatureCollection text, each a point whose only
 * property is its ordinal (what a hover asks details by). Built as text, not objects: the map's
 * own worker parses it, and the page never holds the features.
 */
export function shipmentGeoJson(
  map: Pick<ShipmentMap, 'lng' | 'lat' | 'ordinals'>,
  include: (index: number) => boolean,
): { blob: Blob; count: number } {
  const parts: string[] = ['{"type":"FeatureCollection","features":['];
  let chunk: string[] = [];
  let count = 0;
  for (let i = 0; i < map.ordinals.length; i += 1) {
    if (!include(i)) continue;
    chunk.push(
      `{"type":"Feature","properties":{"ordinal":${map.ordinals[i] ?? 0}},"geometry":{"type":"Point","coordinates":[${roundDegrees(map.lng[i] ?? 0)},${roundDegrees(map.lat[i] ?? 0)}]}}`,
    );
    count += 1;
    if (chunk.length === CHUNK) {
      parts.push((parts.length > 1 ? ',' : '') + chunk.join(','));
      chunk = [];
    }
  }
  if (chunk.length) parts.push((parts.length > 1 ? ',' : '') + chunk.join(','));
  parts.push(']}');
  return { blob: new Blob(parts, { type: 'application/geo+json' }), count };
}
