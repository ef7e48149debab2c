import { CurrencySettings, DEFAULT_CURRENCY_SETTINGS } from '@meridian/contracts';
import type { Executor } from '../../db/client.js';
import { face } from '../../lib/face.js';
import { readSettings } from '../../lib/settings-documents.js';
import { settingsRepository } from './settings.repository.js';

/** What other modules may read of an organization's settings (the policies apply them). */
export const settingsReads = face(settingsRepository, ['find']);

/** The organization's currency and exchange rates, as saved or by default. */
export const currencyBookOf = async (db: Executor, organizationId: string) =>
  readSettings(
    CurrencySettings,
    DEFAULT_CURRENCY_SETTINGS,
    await settingsRepository.find(db, organizationId, 'currency'),
  );
