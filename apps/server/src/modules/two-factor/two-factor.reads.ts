import { face } from '../../lib/face.js';
import { twoFactorRepository } from './two-factor.repository.js';

export type { TwoFactorRow } from './two-factor.repository.js';

/** What other modules may read of a user's two-factor authentication. */
export const twoFactorReads = face(twoFactorRepository, ['find', 'isEnabled']);
