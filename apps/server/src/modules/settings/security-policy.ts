import { DEFAULT_SECURITY_SETTINGS, SecuritySettings } from '@meridian/contracts';
import type { Executor } from '../../db/client.js';
import { allowsAddress } from '../../lib/ip-allow-list.js';
import { readSettings } from '../../lib/settings-documents.js';
import { settingsRepository } from './settings.repository.js';

/** An organization's security policies as the server enforces them (defaults where never saved). */
export async function securityPolicy(
  db: Executor,
  organizationId: string,
): Promise<SecuritySettings> {
  return readSettings(
    SecuritySettings,
    DEFAULT_SECURITY_SETTINGS,
    await settingsRepository.find(db, organizationId, 'security'),
  );
}

/**
 * Whether an organization's IP allow list lets this address in: always while the list is off.
 * An empty list cannot be saved switched on; were one stored, it would lock everyone out, so
 * it counts as off.
 */
export const allowListAdmits = (
  { ipWhitelist, ipAllowList }: Pick<SecuritySettings, 'ipWhitelist' | 'ipAllowList'>,
  ip: string | null,
): boolean =>
  !ipWhitelist || ipAllowList.length === 0 || (ip !== null && allowsAddress(ipAllowList, ip));

/** allowListAdmits with the organization's stored policy. */
export async function addressAllowed(
  db: Executor,
  organizationId: string,
  ip: string | null,
): Promise<boolean> {
  return allowListAdmits(await securityPolicy(db, organizationId), ip);
}

/** Whether people may ask for an account at this e-mail domain: no organization there said no. */
export async function memberRequestsOpen(db: Executor, domain: string): Promise<boolean> {
  const documents = await settingsRepository.securityByDomain(db, domain.toLowerCase());
  return documents.every(
    (document) =>
      readSettings(SecuritySettings, DEFAULT_SECURITY_SETTINGS, document).memberRequests,
  );
}
