import { mapWithConcurrency } from '../../lib/concurrency.js';
import type { FeedEvent, ParsedFeed } from './connectors/types.js';
import { type FetchOptions, fetchFeed } from './fetch-feed.js';
import { placeOf } from './geometry.js';

/** Zone shapes change about once a year: kept a day, per process. */
const ZONE_TTL_MS = 24 * 3_600_000;
/** At most this many zone shapes are fetched per poll; the rest wait for the next one. */
const ZONES_PER_POLL = 60;

/** A polygon's rings of [lng, lat] positions. */
type Polygon = number[][][];
type Shape = { polygons: Polygon[]; at: number };

/**
 * Places events a feed names only by zone (NWS zone-only alerts): each zone's shape is fetched
 * (GeoJSON Feature), cached, and the zones' polygons together become the event's area.
 * Zones are read from the feed's own server: a zone address's path is resolved against the
 * source's URL, so a document cannot send the reader elsewhere. An event whose zones cannot
 * all be placed is left out (counted as skipped) and tried again on the next poll.
 */
export class ZoneShapes {
  private readonly cache = new Map<string, Shape>();

  constructor(private readonly options: FetchOptions) {}

  async place(parsed: ParsedFeed, sourceUrl: string): Promise<ParsedFeed> {
    const waiting = parsed.events.filter((event) => event.zones && event.zones.length > 0);
    if (waiting.length === 0) return parsed;
    const origin = new URL(sourceUrl).origin;
    const addressOf = (zone: string) => {
      const url = new URL(zone, origin);
      return new URL(`${url.pathname}${url.search}`, origin).toString();
    };
    const now = Date.now();
    const wanted = [...new Set(waiting.flatMap((event) => event.zones!.map(addressOf)))].filter(
      (url) => {
        const known = this.cache.get(url);
        return !known || now - known.at > ZONE_TTL_MS;
      },
    );
    await mapWithConcurrency(wanted.slice(0, ZONES_PER_POLL), 4, async (url) => {
      const polygons = await this.fetchShape(url);
      // A zone that could not be read is asked for again on the next poll.
      if (polygons) this.cache.set(url, { polygons, at: now });
    });
    let skipped = parsed.skipped;
    const heldBack: string[] = [...(parsed.heldBack ?? [])];
    const events: FeedEvent[] = [];
    for (const event of parsed.events) {
      if (!event.zones || event.zones.length === 0) {
        events.push(event);
        continue;
      }
      const shapes = event.zones.map((zone) => this.cache.get(addressOf(zone))?.polygons ?? null);
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
      const placed: FeedEvent = { ...event, ...place };
      delete placed.zones;
      events.push(placed);
    }
    return { events, skipped, heldBack };
  }

  /** The zone's polygons, or null when it could not be read (tried again next time). */
  private async fetchShape(url: string): Promise<Polygon[] | null> {
    try {
      const fetched = await fetchFeed(url, { etag: null, lastModified: null }, this.options);
      if (!fetched.changed) return null;
      const feature = JSON.parse(fetched.document) as { geometry?: unknown };
      const place = placeOf(feature.geometry);
      if (!place?.area) return null;
      return place.area.type === 'Polygon' ? [place.area.coordinates] : place.area.coordinates;
    } catch {
      return null;
    }
  }
}
