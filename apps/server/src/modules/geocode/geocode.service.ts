import { GEOCODE_MESSAGES, type GeoPoint } from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { loadGazetteer } from './gazetteer.js';

export const EXTERNAL_GEOCODER_TIMEOUT_MS = 3000;
/** Nominatim's usage policy asks every client to identify itself. */
const USER_AGENT = 'Meridian geocoder';

/** The part of a Nominatim-compatible search answer we use: it sends coordinates as strings. */
const NominatimResults = z.array(
  z.object({
    lat: z.coerce.number().min(-90).max(90),
    lon: z.coerce.number().min(-180).max(180),
  }),
);

export type GeocodeServiceOptions = {
  /** A Nominatim-compatible search endpoint, for street-level precision; else the gazetteer only. */
  geocoderUrl: string | undefined;
  log: FastifyBaseLogger;
  timeoutMs?: number;
};

export class GeocodeService {
  private readonly geocoderUrl: string | undefined;
  private readonly log: FastifyBaseLogger;
  private readonly timeoutMs: number;

  constructor(options: GeocodeServiceOptions) {
    this.geocoderUrl = options.geocoderUrl;
    this.log = options.log;
    this.timeoutMs = options.timeoutMs ?? EXTERNAL_GEOCODER_TIMEOUT_MS;
  }

  /** The external geocoder's first result when it has one, else the gazetteer's answer. */
  async locate(address: string): Promise<GeoPoint> {
    const external = this.geocoderUrl ? await this.searchExternal(this.geocoderUrl, address) : null;
    const point = external ?? (await loadGazetteer(this.log)).lookup(address);
    if (!point) throw notFound(GEOCODE_MESSAGES.addressNotFound);
    return point;
  }

  /** Any failure (down, slow, malformed) is logged and answered with null: the gazetteer still works. */
  private async searchExternal(endpoint: string, address: string): Promise<GeoPoint | null> {
    const url = new URL(endpoint);
    url.searchParams.set('format', 'json');
    url.searchParams.set('limit', '1');
    url.searchParams.set('q', address);
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json', 'user-agent': USER_AGENT },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) throw new Error(`external geocoder answered ${response.status}`);
      const [first] = NominatimResults.parse(await response.json());
      return first ? { lat: first.lat, lng: first.lon } : null;
    } catch (error) {
      this.log.warn({ err: error }, 'external geocoder failed; using the gazetteer');
      return null;
    }
  }
}
