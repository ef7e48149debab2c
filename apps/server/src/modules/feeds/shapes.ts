import { mapWithConcurrency } from '../../lib/concurrency.js';
import { isZip, kmlPolygons, kmzDocument } from './connectors/kml.js';
import type { FeedEvent, ParsedFeed } from './connectors/types.js';
import { type FetchOptions, fetchFeed } from './fetch-feed.js';
import { placeOf } from './geometry.js';

/** Zone shapes change about once a year, a forecast cone with each advisory: kept a day. */
const SHAPE_TTL_MS = 24 * 3_600_000;
/** At most this many shapes are fetched per poll; the rest wait for the next one. */
const SHAPES_PER_POLL = 60;

/** A polygon's rings of [lng, lat] positions. */
type Polygon = number[][][];
type Shape = { polygons: Polygon[]; at: number };

/**
 * Shapes a feed names by address rather than inlines, fetched before its events are written:
 * - the zones of an NWS zone-only alert (GeoJSON Features): together its area; an event whose
 *   zones cannot all be placed is left out (counted as skipped, held back so a snapshot feed
 *   does not take it for over) and tried again on the next poll;
 * - an area given by link (NHC's forecast cone, a KMZ): the event's area when it can be read;
 *   until then the event keeps its own point and radius.
 * Shapes are read from the feed's own server (an address's path is resolved against the
 * source's URL, so a document cannot send the reader elsewhere) and kept a day, per process.
 */
export class RemoteShapes {
  private readonly cache = new Map<string, Shape>();

  constructor(private readonly options: FetchOptions) {}

  async place(parsed: ParsedFeed, sourceUrl: string): Promise<ParsedFeed> {
    const linksOf = (event: FeedEvent) => [
      ...(event.zones ?? []),
      ...(event.areaUrl ? [event.areaUrl] : []),
    ];
    const waiting = parsed.events.filter((event) => linksOf(event).length > 0);
    if (waiting.length === 0) return parsed;
    const origin = new URL(sourceUrl).origin;
    const addressOf = (link: string) => {
      const url = new URL(link, origin);
      return new URL(`${url.pathname}${url.search}`, origin).toString();
    };
    const now = Date.now();
    const wanted = [...new Set(waiting.flatMap((event) => linksOf(event).map(addressOf)))].filter(
      (url) => {
        const known = this.cache.get(url);
        return !known || now - known.at > SHAPE_TTL_MS;
      },
    );
    await mapWithConcurrency(wanted.slice(0, SHAPES_PER_POLL), 4, async (url) => {
      const polygons = await this.fetchShape(url);
      // A shape that could not be read is asked for again on the next poll.
      if (polygons) this.cache.set(url, { polygons, at: now });
    });
    let skipped = parsed.skipped;
    const heldBack: string[] = [...(parsed.heldBack ?? [])];
    const events: FeedEvent[] = [];
    for (const event of parsed.events) {
      const { zones, areaUrl, ...placed } = event;
      if (areaUrl) {
        const polygons = this.cache.get(addressOf(areaUrl))?.polygons;
        const area = polygons ? placeOf(geometryOf(polygons)) : null;
        // The event's own point stays its location (a storm's centre, not the cone's middle).
        if (area?.area) placed.area = area.area;
      }
      if (!zones || zones.length === 0) {
        events.push(placed);
        continue;
      }
      const shapes = zones.map((zone) => this.cache.get(addressOf(zone))?.polygons ?? null);
      if (shapes.some((polygons) => polygons === null)) {
        skipped += 1;
        heldBack.push(event.sourceId);
        continue;
      }
      const place = placeOf({ type: 'MultiPolygon', coordinates: shapes.flatMap((p) => p!) });
      if (!place) {
        skipped += 1;
        continue;
      }
      events.push({ ...placed, ...place });
    }
    return { events, skipped, heldBack };
  }

  /**
   * The shape's polygons, or null when it could not be read (tried again next time): a KMZ
   * or KML document's polygons, or a GeoJSON Feature's or geometry's.
   */
  private async fetchShape(url: string): Promise<Polygon[] | null> {
    try {
      const fetched = await fetchFeed(url, { etag: null, lastModified: null }, this.options);
      if (!fetched.changed) return null;
      if (isZip(fetched.bytes)) return nonEmpty(kmlPolygons(kmzDocument(fetched.bytes)));
      if (fetched.document.trimStart().startsWith('<'))
        return nonEmpty(kmlPolygons(fetched.document));
      const feature = JSON.parse(fetched.document) as { geometry?: unknown; type?: unknown };
      const place = placeOf(feature.type === 'Feature' ? feature.geometry : feature);
      if (!place?.area) return null;
      return place.area.type === 'Polygon' ? [place.area.coordinates] : place.area.coordinates;
    } catch {
      return null;
    }
  }
}

/** One polygon as a Polygon, several as a MultiPolygon. */
const geometryOf = (polygons: Polygon[]) =>
  polygons.length === 1
    ? { type: 'Polygon', coordinates: polygons[0] }
    : { type: 'MultiPolygon', coordinates: polygons };

const nonEmpty = (polygons: Polygon[]) => (polygons.length > 0 ? polygons : null);
