export const apiKey = {
  loadFailed: 'Unable to load the API keys',
  createFailed: 'Unable to create the API key',
  revokeFailed: 'Unable to revoke the API key',
  created: (name: string) => `API key ${name} created`,
  revoked: (name: string) => `API key ${name} revoked`,
  copied: 'API key copied',
} as const;
