import {
  CurrencySettings,
  DEFAULT_CURRENCY_SETTINGS,
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_PLATFORM_SETTINGS,
  NotificationSettings,
  DEFAULT_SECURITY_SETTINGS,
  PlatformSettings,
  SecuritySettings,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.js';
import { type Actor, requireAccess } from '../../lib/access.js';
import { badRequest, invalidRows } from '../../lib/errors.js';
import { allowsAddress, invalidEntries } from '../../lib/ip-allow-list.js';
import { readSettings } from '../../lib/settings-documents.js';
import { recordAudit } from '../audit/audit.service.js';
import { owesTwoFactor } from '../sessions/two-factor-policy.js';
import { type OrganizationSettingsColumn, settingsRepository } from './settings.repository.js';

/** What a security document must satisfy beyond its shape: real ranges, and no self-lockout. */
function checkSecurity(actor: Actor, value: SecuritySettings, clientIp: string): void {
  const invalid = invalidEntries(value.ipAllowList);
  if (invalid.length > 0) {
    throw invalidRows(
      invalid.map(({ index, entry }) => ({
        path: `ipAllowList.${index}`,
        message: API_MESSAGES.settings.invalidAddress(entry),
      })),
    );
  }
  // Saving would hold the admin's own session at the setup screen at once.
  if (
    value.requireTwoFactor &&
    !actor.actingAs &&
    owesTwoFactor({
      user: actor.user,
      method: actor.signInMethod,
      twoFactorEnabled: actor.twoFactorEnabled,
      organizationSecurity: value,
    })
  )
    throw badRequest(API_MESSAGES.settings.ownTwoFactorFirst);
  if (!value.ipWhitelist) return;
  if (value.ipAllowList.length === 0) throw badRequest(API_MESSAGES.settings.emptyAllowList);
  // Platform staff acting as the organization are not held by its list (see AccessService).
  if (!actor.actingAs && !allowsAddress(value.ipAllowList, clientIp))
    throw badRequest(API_MESSAGES.settings.selfLockout(clientIp));
}

type Document<T extends z.ZodType<Record<string, unknown>>> = { schema: T; defaults: z.infer<T> };
const DOCUMENTS = {
  security: { schema: SecuritySettings, defaults: DEFAULT_SECURITY_SETTINGS },
  platform: { schema: PlatformSettings, defaults: DEFAULT_PLATFORM_SETTINGS },
  notifications: { schema: NotificationSettings, defaults: DEFAULT_NOTIFICATION_SETTINGS },
  currency: { schema: CurrencySettings, defaults: DEFAULT_CURRENCY_SETTINGS },
} satisfies Record<OrganizationSettingsColumn, Document<z.ZodType<Record<string, unknown>>>>;

/** Settings of the active organization: everyone in it reads them, its admins change them. */
export class OrganizationSettingsService {
  constructor(
    private readonly db: Database,
    /** Told in the saving transaction, for what follows a kind of settings (the rates). */
    private readonly saved: Partial<
      Record<OrganizationSettingsColumn, (tx: Executor, organizationId: string) => Promise<unknown>>
    > = {},
  ) {}

  async read<K extends OrganizationSettingsColumn>(
    actor: Actor,
    kind: K,
  ): Promise<z.infer<(typeof DOCUMENTS)[K]['schema']>> {
    const { schema, defaults } = DOCUMENTS[kind];
    return readSettings(
      schema,
      defaults,
      await settingsRepository.find(this.db, actor.organizationId, kind),
    ) as z.infer<(typeof DOCUMENTS)[K]['schema']>;
  }

  async save<K extends OrganizationSettingsColumn>(
    actor: Actor,
    kind: K,
    value: z.infer<(typeof DOCUMENTS)[K]['schema']>,
    clientIp: string,
  ): Promise<z.infer<(typeof DOCUMENTS)[K]['schema']>> {
    requireAccess(actor, 'organization.administer', API_MESSAGES.settings.adminRequired);
    if (kind === 'security') checkSecurity(actor, value as SecuritySettings, clientIp);
    await this.db.transaction(async (tx) => {
      const before = await settingsRepository.find(tx, actor.organizationId, kind);
      await settingsRepository.save(tx, actor.organizationId, kind, value);
      await recordAudit(tx, actor, {
        action: `settings.${kind}.update`,
        targetType: 'organization',
        targetId: actor.organizationId,
        before,
        after: value,
      });
      await this.saved[kind]?.(tx, actor.organizationId);
    });
    return value;
  }
}
