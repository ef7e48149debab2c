import { z } from 'zod';
import { GeoPoint } from './atlas.js';

/** Room for every field of an organization's address joined with commas. */
export const GEOCODE_ADDRESS_MAX_LENGTH = 1000;

export const GEOCODE_MESSAGES = {
  addressRequired: 'Address is required',
  addressNotFound: 'Address not found',
} as const;

export const GeocodeQuery = z.strictObject({
  address: z
    .string({ error: GEOCODE_MESSAGES.addressRequired })
    .trim()
    .min(1, GEOCODE_MESSAGES.addressRequired)
    .max(GEOCODE_ADDRESS_MAX_LENGTH),
});
export type GeocodeQuery = z.infer<typeof GeocodeQuery>;

export const GeocodeResponse = z.object({ data: GeoPoint });
export type GeocodeResponse = z.infer<typeof GeocodeResponse>;
