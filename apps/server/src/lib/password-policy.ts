import dumbPasswords from 'dumb-passwords';
import { badRequest } from './errors.js';

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common. Choose a less predictable one.';

/**
 * Length rules live in the shared schema; this adds the check against the 10,000 most
 * common passwords (shipped with the app, no network), for every password a person sets.
 */
export function assertPasswordNotCommon(password: string, field: string): void {
  if (dumbPasswords.check(password)) throw badRequest(`${field}: ${COMMON_PASSWORD_MESSAGE}`);
}
