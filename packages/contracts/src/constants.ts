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
export * from './countries.js';

/**
 * What one import may hold. A whole file is written in one request and one transaction, so
 * these bound the request: the file is refused before it is read when it is larger, and the
 * bulk routes accept bodies up to `bodyBytes` (the rest of the API keeps LIMITS.bodyBytes).
 */
export const IMPORT_LIMITS = {
  rows: 50_000,
  fileBytes: 25 * 1024 * 1024,
  bodyBytes: 64 * 1024 * 1024,
} as const;

export const emailDomain = (email: string): string =>
  email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Said by the server when it refuses, and by the browser beside the disabled Delete. */
export const INTERNAL_ORGANIZATION_PROTECTED = 'The internal organization cannot be deleted';
/** The internal organization's status and slug are fixed: disabling it would lock out platform staff. */
export const INTERNAL_ORGANIZATION_FIXED =
  'The internal organization stays active and keeps its slug';

export * from './user-rules.js';
export * from './incident-rules.js';
export * from './shipment-map.js';
export * from './web-paths.js';
