import {
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_PLATFORM_SETTINGS,
  NotificationSettings,
  DEFAULT_SECURITY_SETTINGS,
  PlatformSettings,
  SecuritySettings,
} from '@meridian/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { type Actor, administersActiveOrganization } from '../../lib/access.js';
import { forbidden } from '../../lib/errors.js';
import { readSettings } from '../../lib/settings-documents.js';
import { recordAudit } from '../audit/audit.repository.js';
import { type OrganizationSettingsColumn, settingsRepository } from './settings.repository.js';

export const SETTINGS_MESSAGES = {
  adminRequired: 'Only an organization admin can change these settings',
} as const;

type Document<T extends z.ZodType<Record<string, unknown>>> = { schema: T; defaults: z.infer<T> };
const DOCUMENTS = {
  security: { schema: SecuritySettings, defaults: DEFAULT_SECURITY_SETTINGS },
  platform: { schema: PlatformSettings, defaults: DEFAULT_PLATFORM_SETTINGS },
  notifications: { schema: NotificationSettings, defaults: DEFAULT_NOTIFICATION_SETTINGS },
} satisfies Record<OrganizationSettingsColumn, Document<z.ZodType<Record<string, unknown>>>>;

/** Settings of the active organization: everyone in it reads them, its admins change them. */
export class OrganizationSettingsService {
  constructor(private readonly db: Database) {}

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
  ): Promise<z.infer<(typeof DOCUMENTS)[K]['schema']>> {
    if (!administersActiveOrganization(actor)) throw forbidden(SETTINGS_MESSAGES.adminRequired);
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
    });
    return value;
  }
}
