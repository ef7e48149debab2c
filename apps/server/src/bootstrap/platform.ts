import { eq } from 'drizzle-orm';
import type { AppConfig } from '../config.js';
import { randomSecret } from '../config.js';
import type { Database } from '../db/client.js';
import { appSettings } from '../db/schema.js';
import type { PasswordHasher } from '../lib/passwords.js';
import { organizationsRepository } from '../modules/organizations/organizations.repository.js';
import { usersRepository } from '../modules/users/users.repository.js';

const JWT_SECRET_KEY = 'jwt_secret';

/** JWT_SECRET, or one generated once and kept in the database so that restarts and instances agree. */
export async function resolveJwtSecret(
  db: Database,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: JWT_SECRET_KEY, value: randomSecret(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, JWT_SECRET_KEY));
  if (!row) throw new Error('could not store the generated JWT secret');
  return row.value;
}

export type PlatformBootstrap = {
  internalOrganizationId: string;
  ownerEmail: string;
  /** Set only when the owner was just created with a generated password, to print once. */
  generatedPassword?: string;
};

/** On an empty database: the internal organization and its platform owner. Idempotent. */
export async function ensurePlatform(
  db: Database,
  config: AppConfig,
  hasher: PasswordHasher,
): Promise<PlatformBootstrap> {
  const ownerEmail = config.admin.email ?? `admin@${config.internalDomain}`;
  const password = config.admin.password ?? randomSecret(12);
  const passwordHash = await hasher.hash(password);
  return db.transaction(async (tx) => {
    const internal =
      (await organizationsRepository.findInternal(tx)) ??
      (await organizationsRepository.insert(
        tx,
        {
          name: 'Meridian',
          slug: 'meridian',
          status: 'ACTIVE',
          domain: config.internalDomain,
          address_line1: null,
          city: 'London',
          state: null,
          zip_code: null,
          country: 'United Kingdom',
          phone_number: null,
          website: null,
        },
        { isInternal: true },
      ));
    const existing = await usersRepository.findByEmail(tx, ownerEmail);
    if (existing) return { internalOrganizationId: internal.id, ownerEmail };
    await usersRepository.insert(tx, {
      organizationId: internal.id,
      email: ownerEmail,
      firstName: 'Platform',
      lastName: 'Owner',
      passwordHash,
      passwordChangedAt: new Date(),
      // A generated password was printed in a log: its owner chooses a real one first.
      passwordChangeRequired: !config.admin.password,
      adminRole: 'ADMIN',
      role: 'OWNER',
      accountStatus: 'ACTIVE',
    });
    return {
      internalOrganizationId: internal.id,
      ownerEmail,
      ...(config.admin.password ? {} : { generatedPassword: password }),
    };
  });
}
