import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { type DatabaseHandle, openDatabase } from '../db/client.js';
import { users } from '../db/schema.js';
import { PasswordHasher } from '../lib/passwords.js';
import { ensurePlatform, resolveJwtSecret } from './platform.js';

// Cheap hashing: the cost is not what these tests are about.
const hasher = new PasswordHasher({ memoryCost: 4096, timeCost: 1, parallelism: 1 });

describe('first start on an empty database', () => {
  let handle: DatabaseHandle;

  beforeEach(async () => {
    handle = await openDatabase({ kind: 'pglite', dataDir: null });
    await handle.migrate();
  });
  afterEach(() => handle.close());

  it('creates admin@{INTERNAL_DOMAIN} with a random password, given once, when ADMIN_* are unset', async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', INTERNAL_DOMAIN: 'ops.example' });
    const first = await ensurePlatform(handle.db, config, hasher);
    expect(first.ownerEmail).toBe('admin@ops.example');
    expect(first.generatedPassword).toMatch(/^\S{12,}$/);

    const [owner] = await handle.db.select().from(users).where(eq(users.email, first.ownerEmail));
    // A password printed in a log must be replaced at the first sign-in.
    expect(owner).toMatchObject({
      role: 'OWNER',
      adminRole: 'ADMIN',
      accountStatus: 'ACTIVE',
      passwordChangeRequired: true,
    });
    expect(await hasher.verify(owner?.passwordHash ?? '', first.generatedPassword ?? '')).toBe(
      true,
    );

    // A restart neither prints a password again nor creates a second owner.
    const again = await ensurePlatform(handle.db, config, hasher);
    expect(again.generatedPassword).toBeUndefined();
    expect(again.internalOrganizationId).toBe(first.internalOrganizationId);
    expect(await handle.db.select().from(users)).toHaveLength(1);
  });

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD when they are set, and prints no password', async () => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: 'chief@meridian.local',
      ADMIN_PASSWORD: 'a-long-owner-password',
    });
    const result = await ensurePlatform(handle.db, config, hasher);
    expect(result).toMatchObject({ ownerEmail: 'chief@meridian.local' });
    expect(result.generatedPassword).toBeUndefined();
    const [owner] = await handle.db.select().from(users);
    expect(await hasher.verify(owner?.passwordHash ?? '', 'a-long-owner-password')).toBe(true);
    expect(owner?.passwordChangeRequired).toBe(false);
  });

  it('generates the JWT secret once and keeps it, so restarts and instances agree', async () => {
    const first = await resolveJwtSecret(handle.db, undefined);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await resolveJwtSecret(handle.db, undefined)).toBe(first);
    // A configured JWT_SECRET wins over the stored one.
    const configured = 'x'.repeat(40);
    expect(await resolveJwtSecret(handle.db, configured)).toBe(configured);
  });
});
