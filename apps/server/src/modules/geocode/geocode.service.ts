import {
  PLACE_SEARCH_LIMIT,
  type GeoPoint,
  type Place,
  type PlaceCandidate,
  type PlaceInput,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { DomainError, notFound } from '../../lib/errors.js';
import { loadGazetteer, normalise } from './gazetteer.js';
import { PlaceWords } from './place-words.js';
import { haversineKm } from '../../lib/geo/sphere.js';
import { countryOfLocode, findLocode, type Locode, searchLocodes } from './locodes.js';
import { findWaterway } from './waterways.js';

/** Countries as people name them in a list ("China", "South Korea"), not their official names. */
const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

/** A city this close to a port already listed is the same place, not another choice. */
const SAME_PLACE_KM = 15;

export const EXTERNAL_GEOCODER_TIMEOUT_MS = 3000;
/**
 * The most distinct addresses a bulk write asks the external geocoder for; beyond it the
 * gazetteer locates them (city level): 50,000 street addresses would take hours at the pace a
 * shared geocoder allows. Files that need street precision carry lat and lng.
 */
export const EXTERNAL_GEOCODER_BULK_MAX = 500;
/** Nominatim's usage policy asks every client to identify itself. */
const USER_AGENT = 'Meridian geocoder';

/** Where a place was not found: the field to blame, and why. */
export type PlaceProblem = { field: 'locode' | 'name'; message: string };

/** An address's parts as people write them, for the geocoder. */
export type AddressParts = {
  address?: string | null | undefined;
  city?: string | null | undefined;
  countryCode?: string | null | undefined;
};

let countryNames: Promise<(code: string) => string | undefined> | undefined;
/** English country names, loaded with the first address that has a country. */
const countryName = async (code: string) => {
  countryNames ??= import('i18n-iso-countries').then(
    ({ default: countries }) =>
      (value: string) =>
        countries.getName(value, 'en') ?? undefined,
  );
  return (await countryNames)(code);
};

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

  private placeWords: Promise<PlaceWords> | undefined;

  /**
   * Where a point is, in words, from the gazetteer's towns: "Klang, Malaysia", "24 km SSE of
   * Kaohsiung, Taiwan"; null far from any (at sea) or while the gazetteer cannot load.
   */
  async describe(point: GeoPoint): Promise<string | null> {
    this.placeWords ??= loadGazetteer(this.log).then((gazetteer) => new PlaceWords(gazetteer));
    try {
      return (await this.placeWords).describe(point);
    } catch (error) {
      this.placeWords = undefined;
      this.log.warn({ err: error }, 'places in words unavailable');
      return null;
    }
  }

  /**
   * The external geocoder's first result when it has one, else the gazetteer's answer;
   * `external: false` asks the gazetteer only.
   */
  async locate(address: string, options: { external?: boolean } = {}): Promise<GeoPoint> {
    const external =
      this.geocoderUrl && options.external !== false
        ? await this.searchExternal(this.geocoderUrl, address)
        : null;
    const point = external ?? (await loadGazetteer(this.log)).lookup(address);
    if (!point) throw notFound(API_MESSAGES.geocode.addressNotFound);
    return point;
  }

  /**
   * The places a name or code may mean, best first: a canal or strait of that name, the ports
   * and airports of the UN/LOCODE table (by code, name or alias), then the gazetteer's cities,
   * largest first. "Westport, MY"
   * narrows to a country (by code or name after the last comma); a qualifier that names no
   * country ("Portland, OR") is dropped, and every Portland offered.
   */
  async searchPlaces(query: string): Promise<PlaceCandidate[]> {
    const gazetteer = await loadGazetteer(this.log);
    const comma = query.lastIndexOf(',');
    const qualifier = comma > 0 ? gazetteer.countryOf(query.slice(comma + 1)) : null;
    const name = comma > 0 ? query.slice(0, comma) : query;
    const locodes = searchLocodes(name, qualifier);
    const place = (
      at: { name: string; countryCode: string; lat: number; lng: number },
      kind: PlaceCandidate['kind'],
      locode: string | null,
    ): PlaceCandidate => ({
      name: at.name,
      kind,
      countryCode: at.countryCode,
      country: REGION_NAMES.of(at.countryCode) ?? at.countryCode,
      locode,
      lat: at.lat,
      lng: at.lng,
    });
    const ofLocode = (locode: Locode) =>
      place({ ...locode, countryCode: countryOfLocode(locode) }, locode.kind, locode.code);
    // Waterways, ports and the places named outright, then cities, then airports named after
    // a city.
    const found: PlaceCandidate[] = [];
    const waterway = findWaterway(name);
    if (waterway) found.push(place(waterway, 'WATERWAY', null));
    for (const { locode } of locodes.filter((each) => each.named)) found.push(ofLocode(locode));
    for (const city of gazetteer.cities(name, qualifier, PLACE_SEARCH_LIMIT)) {
      // A city at a port already listed is that place again, not another choice.
      const atPort = found.some(
        (listed) =>
          listed.kind === 'PORT' &&
          haversineKm([listed.lng, listed.lat], [city.lng, city.lat]) < SAME_PLACE_KM,
      );
      if (!atPort) found.push(place(city, 'CITY', null));
    }
    for (const { locode } of locodes.filter((each) => !each.named)) found.push(ofLocode(locode));
    return found.slice(0, PLACE_SEARCH_LIMIT);
  }

  /**
   * The place of the first of `names` that a place is called (its name or an alias in any case,
   * or its code: "Port Klang", "MYPKG", "Strait of Hormuz"), best candidate of that name;
   * null when none is. A news item's place names, most likely first, go through here.
   */
  async firstPlaceNamed(names: readonly string[]): Promise<PlaceCandidate | null> {
    for (const name of names) {
      if (normalise(name) === '') continue;
      // searchPlaces answers places of that very name (or code, or alias) only.
      const [best] = await this.searchPlaces(name);
      if (best) return best;
    }
    return null;
  }

  /** "Address, City, Country": the query an address's parts make (null when it has none). */
  async addressQuery(parts: AddressParts): Promise<string | null> {
    const country = parts.countryCode
      ? ((await countryName(parts.countryCode)) ?? parts.countryCode)
      : null;
    const query = [parts.address, parts.city, country]
      .map((part) => part?.trim())
      .filter((part): part is string => Boolean(part))
      .join(', ');
    return query || null;
  }

  /** Like locate, but null when the address is not found (a caller names the field). */
  async tryLocate(address: string, options: { external?: boolean } = {}): Promise<GeoPoint | null> {
    try {
      return await this.locate(address, options);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  }

  /**
   * An end of a route: a known UN/LOCODE's port or airport; else the given coordinates; else
   * the geocoder's answer for the name. The name people read is the given one, else the port's.
   */
  async resolvePlace(
    input: PlaceInput,
    options: { external?: boolean } = {},
  ): Promise<Place | PlaceProblem> {
    const locode = input.locode ? findLocode(input.locode) : undefined;
    const label = (fallback: string) => input.name?.trim() || fallback;
    if (locode) {
      return { name: label(locode.name), locode: locode.code, lat: locode.lat, lng: locode.lng };
    }
    if (input.lat !== undefined && input.lng !== undefined) {
      return {
        name: label(`${input.lat}, ${input.lng}`),
        locode: input.locode ?? null,
        lat: input.lat,
        lng: input.lng,
      };
    }
    if (input.name) {
      const point = await this.tryLocate(input.name, options);
      if (point) return { name: input.name, locode: input.locode ?? null, ...point };
      if (!input.locode)
        return { field: 'name', message: API_MESSAGES.place.nameNotFound(input.name) };
    }
    return { field: 'locode', message: API_MESSAGES.place.unknownLocode(input.locode ?? '') };
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
