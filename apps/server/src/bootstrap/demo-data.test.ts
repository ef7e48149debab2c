import { count, eq, inArray, isNull } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppConfig, loadConfig } from '../config.js';
import { type Database, type DatabaseHandle, openDatabase } from '../db/client.js';
import {
  incidents,
  jobs,
  organizations,
  productParts,
  products,
  shipments,
  sites,
  users,
} from '../db/schema.js';
import { PasswordHasher } from '../lib/passwords.js';
import { organizationsRepository } from '../modules/organizations/organizations.repository.js';
import { seedDemoData, seedScaleData, shouldSeedDemo } from './demo-data.js';
import { DEMO_ORGANIZATIONS } from './demo/organizations.js';
import { ensurePlatform } from './platform.js';

const silent = pino({ level: 'silent' });
const embedded = { kind: 'pglite', dataDir: null } as const;
const postgres = { kind: 'postgres', url: 'postgres://unused' } as const;
const demoFlag = (enabled: boolean | undefined) => ({ enabled, password: undefined });

type CountedTable = typeof organizations | typeof users | typeof incidents | typeof shipments;

async function counts(db: Database) {
  const total = async (table: CountedTable) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    organizations: await total(organizations),
    users: await total(users),
    incidents: await total(incidents),
    shipments: await total(shipments),
  };
}

describe('seedDemoData on a real embedded database', () => {
  let handle: DatabaseHandle;
  let db: Database;
  let config: AppConfig;
  let internalOrganizationId: string;
  let demoPassword = '';
  // Cheap hashing: the cost is not what these tests are about.
  const hasher = new PasswordHasher({ memoryCost: 4096, timeCost: 1, parallelism: 1 });

  beforeAll(async () => {
    config = loadConfig({
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: 'owner@meridian.local',
      ADMIN_PASSWORD: 'owner-password',
    });
    handle = await openDatabase(embedded);
    await handle.migrate();
    db = handle.db;
    ({ internalOrganizationId } = await ensurePlatform(db, config, hasher));
  });
  afterAll(() => handle.close());

  it('is wanted on an empty embedded database unless DEMO_DATA says otherwise', async () => {
    expect(await shouldSeedDemo(db, { demo: demoFlag(undefined), database: embedded })).toBe(true);
    expect(await shouldSeedDemo(db, { demo: demoFlag(undefined), database: postgres })).toBe(false);
    expect(await shouldSeedDemo(db, { demo: demoFlag(false), database: embedded })).toBe(false);
    expect(await shouldSeedDemo(db, { demo: demoFlag(true), database: postgres })).toBe(true);
  });

  it('loads three organizations, their users, 200 incidents and 2,000 shipments', async () => {
    const before = await counts(db);
    const result = await seedDemoData(db, config, hasher, silent);
    expect(result.seeded).toBe(true);
    const after = await counts(db);
    const people = DEMO_ORGANIZATIONS.reduce((sum, org) => sum + org.people.length, 0);
    expect(after).toEqual({
      organizations: before.organizations + 3,
      users: before.users + people + 1,
      incidents: before.incidents + 200,
      shipments: before.shipments + 2_000,
    });
    const [global] = await db
      .select({ n: count() })
      .from(incidents)
      .where(isNull(incidents.organizationId));
    expect(global?.n).toBeGreaterThan(0);
    expect(result.signInHint).toContain('ana.admin@northwind-logistics.example');
    demoPassword = /password (\S+), shown once/.exec(result.signInHint)?.[1] ?? '';
    expect(demoPassword).toMatch(/^[\w-]{16}$/);
  });

  it('gives each organization sites with values, and asks for their exposure once it commits', async () => {
    const demo = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.isInternal, false));
    const ids = demo.map((row) => row.id).sort();
    const rows = await db.select().from(sites).where(inArray(sites.organizationId, ids));
    expect(new Set(rows.map((row) => row.organizationId)).size).toBe(3);
    expect(rows.every((row) => row.revenuePerDay !== null && row.currency === 'USD')).toBe(true);
    expect(rows.some((row) => row.criticality === 'CRITICAL')).toBe(true);
    const queued = await db.select().from(jobs).where(eq(jobs.kind, 'exposure.organization'));
    expect(queued.map((job) => job.key).sort()).toEqual(ids);
  });

  it("gives each organization products from its own suppliers, a critical one a part's single source", async () => {
    const rows = await db.select().from(products);
    expect(rows).toHaveLength(3 * 4);
    expect(rows.every((row) => (row.revenuePerDay ?? 0) > 0 && row.coverDays >= 2)).toBe(true);
    const lines = await db
      .select({ line: productParts, site: sites })
      .from(productParts)
      .innerJoin(sites, eq(sites.id, productParts.siteId));
    expect(lines.every(({ line, site }) => line.organizationId === site.organizationId)).toBe(true);
    expect(lines.every(({ site }) => site.kind === 'SUPPLIER')).toBe(true);
    for (const organizationId of new Set(rows.map((row) => row.organizationId))) {
      const single = lines.filter(
        ({ line, site }) =>
          line.organizationId === organizationId &&
          line.singleSource &&
          site.criticality === 'CRITICAL',
      );
      expect(single.length).toBeGreaterThan(0);
    }
  });

  it('is no longer wanted by default once customers exist', async () => {
    expect(await shouldSeedDemo(db, { demo: demoFlag(undefined), database: embedded })).toBe(false);
  });

  it('gives demo users the password printed once, and no demo account platform powers', async () => {
    const [admin] = await db
      .select()
      .from(users)
      .where(eq(users.email, 'ana.admin@northwind-logistics.example'));
    expect(admin).toMatchObject({ adminRole: 'ADMIN', accountStatus: 'ACTIVE' });
    expect(await hasher.verify(admin?.passwordHash ?? '', demoPassword)).toBe(true);
    expect(await hasher.verify(admin?.passwordHash ?? '', 'meridian-demo')).toBe(false);

    const [analyst] = await db
      .select()
      .from(users)
      .where(eq(users.email, 'alex.analyst@meridian.local'));
    expect(analyst).toMatchObject({
      organizationId: internalOrganizationId,
      role: 'MEMBER',
      adminRole: 'MANAGER',
    });
    const [pending] = await db.select().from(users).where(eq(users.accountStatus, 'PENDING'));
    expect(pending?.passwordHash).toBeNull();
    // Above MEMBER: only the platform owner, whose password is not the demo's.
    const powerful = await db
      .select({ email: users.email })
      .from(users)
      .where(inArray(users.role, ['ADMIN', 'OWNER']));
    expect(powerful).toEqual([{ email: 'owner@meridian.local' }]);
  });

  it('changes nothing when run again', async () => {
    const before = await counts(db);
    const result = await seedDemoData(db, config, hasher, silent);
    expect(result.seeded).toBe(false);
    expect(result.signInHint).not.toContain(demoPassword);
    expect(await counts(db)).toEqual(before);
  });

  it('seeds scale data into one organization, and again adds nothing', async () => {
    const organization = await organizationsRepository.insert(db, {
      name: 'Scale Test',
      slug: 'scale-test',
      status: 'ACTIVE',
      domain: null,
      address_line1: null,
      city: null,
      state: null,
      zip_code: null,
      country: null,
      phone_number: null,
      website: null,
    });
    const options = {
      organizationId: organization.id,
      shipments: 3_500,
      incidents: 1_200,
      sites: 500,
      products: 100,
      seed: 42,
    };
    expect(await seedScaleData(db, options)).toEqual({
      shipments: 3_500,
      incidents: 1_200,
      sites: 500,
      products: 100,
    });
    expect(await seedScaleData(db, options)).toEqual({
      shipments: 0,
      incidents: 0,
      sites: 0,
      products: 0,
    });
    const [owned] = await db
      .select({ n: count() })
      .from(shipments)
      .where(eq(shipments.organizationId, organization.id));
    const [ownedIncidents] = await db
      .select({ n: count() })
      .from(incidents)
      .where(eq(incidents.organizationId, organization.id));
    expect({ shipments: owned?.n, incidents: ownedIncidents?.n }).toEqual({
      shipments: 3_500,
      incidents: 1_200,
    });
    // Every product has two to four parts, each line a supplier of the organization.
    const lines = await db
      .select({ product: productParts.productId, kind: sites.kind, org: sites.organizationId })
      .from(productParts)
      .innerJoin(sites, eq(sites.id, productParts.siteId))
      .where(eq(productParts.organizationId, organization.id));
    expect(new Set(lines.map((line) => line.product)).size).toBe(100);
    expect(lines.every((line) => line.kind === 'SUPPLIER' && line.org === organization.id)).toBe(
      true,
    );
    expect(lines.length).toBeGreaterThanOrEqual(200);
  });
});
