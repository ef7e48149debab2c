import {
  DEFAULT_SECURITY_SETTINGS,
  SecuritySettings,
  type SignInMethod,
} from '@meridian/contracts';
import type { Executor } from '../../db/client.js';
import { readSettings } from '../../lib/settings-documents.js';
import { settingsReads } from '../settings/settings.reads.js';
import { twoFactorReads } from '../two-factor/two-factor.reads.js';
import { type UserRow } from '../users/users.reads.js';

/**
 * The organization policy `requireTwoFactor`, for one session: owed by a password session of
 * a user with no confirmed second factor. Google sign-ins are exempt (Google checked it).
 */
export function owesTwoFactor(facts: {
  user: Pick<UserRow, 'passwordHash'>;
  method: SignInMethod | null;
  twoFactorEnabled: boolean;
  organizationSecurity: unknown;
}): boolean {
  if (facts.method !== 'PASSWORD' || !facts.user.passwordHash || facts.twoFactorEnabled)
    return false;
  return readSettings(SecuritySettings, DEFAULT_SECURITY_SETTINGS, facts.organizationSecurity)
    .requireTwoFactor;
}

/** The same rule where the facts are not at hand yet (a sign-in that starts a session). */
export async function owesTwoFactorOnSignIn(
  db: Executor,
  user: UserRow,
  method: SignInMethod,
): Promise<boolean> {
  if (method !== 'PASSWORD' || !user.passwordHash) return false;
  return owesTwoFactor({
    user,
    method,
    twoFactorEnabled: await twoFactorReads.isEnabled(db, user.id),
    organizationSecurity: await settingsReads.find(db, user.organizationId, 'security'),
  });
}
