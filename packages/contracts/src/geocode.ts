import { z } from 'zod';
import { GeoPoint } from './atlas.js';
import * as API_MESSAGES from './messages/index.js';

/** Room for every field of an organization's address joined with commas. */
export const GEOCODE_ADDRESS_MAX_LENGTH = 1000;

export const GeocodeQuery = z.strictObject({
  address: z
    .string({ error: API_MESSAGES.geocode.addressRequired })
    .trim()
    .min(1, API_MESSAGES.geocode.addressRequired)
    .max(GEOCODE_ADDRESS_MAX_LENGTH),
});
export type GeocodeQuery = z.infer<typeof GeocodeQuery>;

export const GeocodeResponse = z.object({ data: GeoPoint });
export type GeocodeResponse = z.infer<typeof GeocodeResponse>;

/**
 * What a place found by name is: a port or an airport (UN/LOCODE), a city (the gazetteer), or a
 * waterway ships pass through (a canal or strait: a short list in the geocoder).
 */
export const PLACE_KINDS = ['PORT', 'AIRPORT', 'CITY', 'WATERWAY'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** The most candidates one search answers with: a pick list, not a directory. */
export const PLACE_SEARCH_LIMIT = 8;

export const PlaceSearchQuery = z.strictObject({
  q: z
    .string({ error: API_MESSAGES.placeSearch.queryRequired })
    .trim()
    .min(1, API_MESSAGES.placeSearch.queryRequired)
    .max(200),
});
export type PlaceSearchQuery = z.infer<typeof PlaceSearchQuery>;

/** One place a name may mean, best first in a search's answer. */
export const PlaceCandidate = z.object({
  name: z.string(),
  kind: z.enum(PLACE_KINDS),
  /** ISO 3166 alpha-2, and the country's English name. */
  countryCode: z.string().length(2),
  country: z.string(),
  /** The UN/LOCODE of a port or airport; null for a city. */
  locode: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
});
export type PlaceCandidate = z.infer<typeof PlaceCandidate>;

export const PlaceSearchResponse = z.object({ data: z.array(PlaceCandidate) });
export type PlaceSearchResponse = z.infer<typeof PlaceSearchResponse>;
