export const site = {
  notFound: 'Site not found',
  editorRequired: "Only the organization's managers and admins change its sites",
  locationRequired: 'give location (lat and lng), or an address, city or country to find it from',
  addressNotFound: (query: string) =>
    `"${query}" was not found: check the address, or give location (lat and lng)`,
  refTaken: (ref: string) => `externalRef "${ref}" is already used by another site`,
  listed: 'Sites retrieved',
  created: 'Site created',
  retrieved: 'Site retrieved',
  updated: 'Site updated',
} as const;
