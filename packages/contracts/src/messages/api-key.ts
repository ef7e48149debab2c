export const apiKey = {
  adminOnly: 'Only an organization admin can manage API keys',
  notFound: 'API key not found',
  created: 'API key created. Copy it now: it is not shown again.',
  revoked: 'API key revoked',
  listed: 'API keys retrieved',
  missing: 'An API key is required (Authorization: Bearer <key>)',
  invalid: 'This API key is not valid or has been revoked',
  ingested: 'Incidents ingested',
  duplicateExternalId: (id: string) => `externalId ${id} appears more than once in the batch`,
  invalidNetwork: 'Enter an IP address or a range in CIDR notation (203.0.113.0/24)',
  addressNotAllowed: (ip: string) =>
    `This API key cannot be used from this address (${ip}): it is outside the networks allowed for the key or its organization`,
} as const;
