import { DEFAULT_SECURITY_SETTINGS, SecuritySettings } from '@meridian/contracts';
import type { Executor } from '../../db/client.js';
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

/** Whether people may ask for an account at this e-mail domain: no organization there said no. */
export async function memberRequestsOpen(db: Executor, domain: string): Promise<boolean> {
  const documents = await settingsRepository.securityByDomain(db, domain.toLowerCase());
  return documents.every(
    (document) =>
      readSettings(SecuritySettings, DEFAULT_SECURITY_SETTINGS, document).memberRequests,
  );
}
