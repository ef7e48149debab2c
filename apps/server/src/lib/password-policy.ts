import dumbPasswords from 'dumb-passwords';
import { badRequest } from './errors.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

/**
 * Length rules live in the shared schema; this adds the check against the 10,000 most
 * common passwords (shipped with the app, no network), for every password a person sets.
 */
export function assertPasswordNotCommon(password: string, field: string): void {
  if (dumbPasswords.check(password))
    throw badRequest(`${field}: ${API_MESSAGES.request.commonPassword}`);
}
