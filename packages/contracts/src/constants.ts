/**
 * Plain values and rules shared by the server and the browser, with no zod: the login page
 * imports from here (`@meridian/contracts/constants`) so that it can load without the schemas.
 */

export const LIMITS = {
  /** Largest JSON body the API accepts, in bytes. */
  bodyBytes: 1024 * 1024,
  userListDefault: 50,
  userListMax: 100,
  organizationListDefault: 50,
  organizationListMax: 100,
  /** Longest search text (`q`) of a list. */
  searchText: 200,
  name: 100,
  email: 254,
  passwordMin: 8,
  passwordMax: 128,
  shortText: 200,
  longText: 5000,
} as const;

export * from './roles.js';
export * from './assessment-states.js';
export * from './countries.js';

/**
 * What one import may hold. A whole file is written in one request and one transaction, so
 * these bound the request: the file is refused before it is read when it is larger, and the
 * bulk routes accept bodies up to `bodyBytes` (the rest of the API keeps LIMITS.bodyBytes).
 */
export const IMPORT_LIMITS = {
  rows: 100_000,
  fileBytes: 25 * 1024 * 1024,
  bodyBytes: 64 * 1024 * 1024,
} as const;

export const emailDomain = (email: string): string =>
  email.slice(email.lastIndexOf('@') + 1).toLowerCase();

export * from './user-rules.js';
export * from './incident-rules.js';
export * from './shipment-map.js';
export * from './web-paths.js';

/**
 * What went wrong, for a client to branch on: every error reply carries one beside its
 * message (which is for people and may be reworded). Mostly the kind of refusal, one per HTTP
 * status; a more precise code where a client acts on the difference:
 * - `STALE`: the record changed since the client read it (a plan, a memo, the shipment map's
 *   version); read it again and retry. Other conflicts (a name taken, a last admin) are
 *   `CONFLICT`, where reading again changes nothing.
 */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'STALE',
  'GONE',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_REQUESTS',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The HTTP status each code answers with. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  STALE: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** The code of a refusal that carries none of its own (a framework's, a proxy's): by status. */
export function errorCodeOfStatus(status: number): ErrorCode {
  // CONFLICT is listed before STALE: a bare 409 is the general kind.
  const exact = ERROR_CODES.find((code) => ERROR_STATUS[code] === status);
  if (exact) return exact;
  return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
}
export * from './priority.js';
