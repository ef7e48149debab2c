export const geocode = {
  addressRequired: 'Address is required',
  addressNotFound: 'Address not found',
} as const;
