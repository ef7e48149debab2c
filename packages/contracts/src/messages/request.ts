/** Refusals of a request as a whole, before (or besides) what any one route checks. */
export const request = {
  invalid: 'Invalid request',
  authenticationRequired: 'Authentication required',
  forbidden: 'You do not have permission to do this',
  invalidJson: 'Request body is not valid JSON',
  emptyJson: 'Request body is empty but the content type is JSON',
  unsupportedMediaType: 'Unsupported content type: send application/json',
  contentLengthMismatch: 'Content-Length does not match the body',
  nulCharacter: 'text may not contain the NUL character (\\u0000)',
  tooDeep: (levels: number) => `JSON nested deeper than ${levels} levels`,
  tooMany: (seconds: number) => `Too many requests. Try again in ${seconds} seconds.`,
  busy: 'The server is busy. Try again in a few seconds.',
  commonPassword: 'This password is too common. Choose a less predictable one.',
  internalError: (requestId: string) => `Internal server error (request id ${requestId})`,
  internal: 'Internal server error',
  routeNotFound: (method: string, path: string) => `Route ${method} ${path} not found`,
  notFound: 'Not found',
  tooLarge: (limitBytes: number) =>
    `Request body is too large (limit ${Math.round(limitBytes / 1024 / 1024)} MiB)`,
  unknownFields: (keys: readonly string[]) =>
    `unknown field${keys.length > 1 ? 's' : ''} ${keys.map((key) => `"${key}"`).join(', ')}`,
} as const;
