import { face } from '../../lib/face.js';
import { settingsRepository } from './settings.repository.js';

/** What other modules may read of an organization's settings (the policies apply them). */
export const settingsReads = face(settingsRepository, ['find']);
