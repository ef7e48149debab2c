import { GeocodeResponse, PlaceSearchResponse } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { queryOptions } from '@tanstack/react-query';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A place or address as a point (the server's gazetteer, or its geocoder). */
export const geocode = async (address: string, signal?: AbortSignal) =>
  (
    await authenticatedRequest(`/geocode?address=${encodeURIComponent(address)}`, {
      schema: GeocodeResponse,
      fallbackMessage: API_MESSAGES.geocode.addressNotFound,
      signal,
    })
  ).data;

/** An address never moves: found once, kept for the session. */
export const geocodeQuery = (address: string) =>
  queryOptions({
    queryKey: queryKeys.geocode(address),
    queryFn: ({ signal }) => geocode(address, signal),
    staleTime: Infinity,
  });

/** The places a name or UN/LOCODE may mean, best first (ports and airports, then cities). */
export const searchPlaces = async (query: string, signal?: AbortSignal) =>
  (
    await authenticatedRequest(`/places?q=${encodeURIComponent(query)}`, {
      schema: PlaceSearchResponse,
      fallbackMessage: 'Places could not be searched',
      signal,
    })
  ).data;
