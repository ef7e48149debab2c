import { unzipSync } from 'fflate';
import { FeedFormatError } from './types.js';
import { findAll, nodesOf, parseXml, textOf } from './xml.js';

/** A polygon's rings of [lng, lat] positions, the outline first (GeoJSON's order). */
type Polygon = number[][][];

/** The most a KMZ's KML may hold once unpacked: a forecast cone is about 30 KB. */
const KML_MAX_BYTES = 5 * 1024 * 1024;

/** Whether the bytes are a ZIP archive (a KMZ), by its local file header's signature. */
export const isZip = (bytes: Uint8Array) =>
  bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4;

/**
 * The KML document inside a KMZ (a ZIP archive; by convention its first `.kml` entry, usually
 * `doc.kml`). Entries declaring more than KML_MAX_BYTES unpacked are refused (no zip bombs).
 */
export function kmzDocument(bytes: Uint8Array): string {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => /\.kml$/i.test(file.name) && file.originalSize <= KML_MAX_BYTES,
    });
  } catch (error) {
    throw new FeedFormatError(`not a readable KMZ archive: ${(error as Error).message}`);
  }
  const [first] = Object.keys(files).sort((a, b) =>
    a === 'doc.kml' ? -1 : b === 'doc.kml' ? 1 : 0,
  );
  const kml = first === undefined ? undefined : files[first];
  if (!kml || kml.length > KML_MAX_BYTES) throw new FeedFormatError('no KML document in the KMZ');
  return new TextDecoder().decode(kml);
}

/** KML's `lng,lat[,alt]` tuples separated by white space, as positions. */
function ringOf(coordinates: string | null): number[][] | null {
  if (!coordinates) return null;
  const ring = coordinates
    .trim()
    .split(/\s+/)
    .map((tuple) => tuple.split(',').slice(0, 2).map(Number));
  return ring.every((position) => position.length === 2 && position.every(Number.isFinite))
    ? ring
    : null;
}

/** The text of the first `coordinates` element under a node. */
function coordinatesIn(node: unknown): string | null {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = coordinatesIn(child);
      if (found) return found;
    }
    return null;
  }
  if (!node || typeof node !== 'object') return null;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'coordinates') return textOf(child);
    if (key.startsWith('@') || key === '#text') continue;
    const found = coordinatesIn(child);
    if (found) return found;
  }
  return null;
}

/**
 * Every `Polygon` of a KML document (in Placemarks, MultiGeometry or folders, at any depth): its
 * `outerBoundaryIs` ring and its `innerBoundaryIs` holes. Polygons whose rings cannot be read
 * are left out; a document that is not KML is a FeedFormatError.
 */
export function kmlPolygons(document: string): Polygon[] {
  const root = parseXml(document);
  if (!('kml' in root)) throw new FeedFormatError('not a KML document (no kml element)');
  const polygons: Polygon[] = [];
  for (const polygon of findAll(root, 'Polygon')) {
    const ring = (boundary: unknown) => ringOf(coordinatesIn(boundary));
    const outer = nodesOf(polygon.outerBoundaryIs).map(ring)[0];
    if (!outer) continue;
    const holes = nodesOf(polygon.innerBoundaryIs)
      .map(ring)
      .filter((hole): hole is number[][] => hole !== null);
    polygons.push([outer, ...holes]);
  }
  return polygons;
}
