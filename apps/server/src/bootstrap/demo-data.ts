import { count, eq, sql } from 'drizzle-orm';
import type { AdminRole } from '@meridian/contracts';
import type { Logger } from 'pino';
import type { AppConfig } from '../config.js';
import type { Database, Executor } from '../db/client.js';
import {
  appSettings,
  incidents,
  organizations,
  productParts,
  products,
  shipments,
  sites,
  users,
} from '../db/schema.js';
import { jobQueue } from '../jobs/queue.js';
import { EXPOSURE_JOBS } from '../modules/exposure/exposure.jobs.js';
import type { PasswordHasher } from '../lib/passwords.js';
import { organizationsRepository } from '../modules/organizations/organizations.repository.js';
import {
  ALL_LANES,
  DEMO_SEED,
  type DemoIncidentRow,
  type DemoShipmentRow,
  type DemoUserRow,
  generateDemoData,
  generateIncidents,
  generateShipments,
} from './demo/generate.js';
import { generateScaleProducts } from './demo/products.js';
import { generateScaleSites } from './demo/sites.js';
import { type BulkColumn, bulkInsert } from '../db/bulk.js';
import { randomSecret } from '../config.js';

export type SeedLogger = Pick<Logger, 'info'>;

/** Rows per INSERT: big enough to be quick, small enough to report progress. */
export const SEED_BATCH_SIZE = 5_000;
/** Written with the demo in the same transaction, so a demo is loaded at most once. */
export const DEMO_MARKER_KEY = 'demo_data_seeded';
const PROGRESS_EVERY = 10_000;

export type DemoSeedResult = {
  /** False when the demo had been loaded before and nothing was written. */
  seeded: boolean;
  /** One sign-in per admin role, for the start-up log; the password only when just set. */
  signInHint: string;
};

/**
 * DEMO_DATA=1 always asks for the demo; DEMO_DATA=0 never. Unset: only on the embedded
 * database while it holds nothing but the internal organization (a first `npm start`).
 */
export async function shouldSeedDemo(
  db: Executor,
  config: Pick<AppConfig, 'demo' | 'database'>,
): Promise<boolean> {
  if (config.demo.enabled !== undefined) return config.demo.enabled;
  if (config.database.kind !== 'pglite') return false;
  const [row] = await db
    .select({ customers: count() })
    .from(organizations)
    .where(eq(organizations.isInternal, false));
  return (row?.customers ?? 0) === 0;
}

/** Inserts rows in batches, skipping any already there, and reports progress on big steps. */
async function insertBatches<T>(
  rows: readonly T[],
  insert: (batch: T[]) => Promise<number>,
  progress: (done: number) => void,
): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += SEED_BATCH_SIZE) {
    inserted += await insert(rows.slice(start, start + SEED_BATCH_SIZE));
    const done = Math.min(start + SEED_BATCH_SIZE, rows.length);
    if (done % PROGRESS_EVERY === 0 && done < rows.length) progress(done);
  }
  progress(rows.length);
  return inserted;
}

const INCIDENT_COLUMNS: readonly BulkColumn<DemoIncidentRow>[] = [
  { column: incidents.id, type: 'uuid', value: (row) => row.id },
  { column: incidents.organizationId, type: 'uuid', value: (row) => row.organizationId ?? null },
  { column: incidents.title, type: 'text', value: (row) => row.title },
  { column: incidents.description, type: 'text', value: (row) => row.description ?? null },
  { column: incidents.severity, type: 'text', value: (row) => row.severity },
  { column: incidents.status, type: 'text', value: (row) => row.status ?? 'OPEN' },
  { column: incidents.lat, type: 'float8', value: (row) => row.lat ?? null },
  { column: incidents.lng, type: 'float8', value: (row) => row.lng ?? null },
  { column: incidents.countryCode, type: 'text', value: (row) => row.countryCode ?? null },
  { column: incidents.type, type: 'text', value: (row) => row.type ?? 'OTHER' },
  {
    column: incidents.startsAt,
    type: 'timestamptz',
    value: (row) => (row.startsAt ?? row.createdAt).toISOString(),
  },
  {
    column: incidents.affectedRadiusKm,
    type: 'float8',
    value: (row) => row.affectedRadiusKm ?? 100,
  },
  {
    column: incidents.resolvedAt,
    type: 'timestamptz',
    value: (row) => row.resolvedAt?.toISOString() ?? null,
  },
  { column: incidents.createdAt, type: 'timestamptz', value: (row) => row.createdAt.toISOString() },
  { column: incidents.updatedAt, type: 'timestamptz', value: (row) => row.updatedAt.toISOString() },
];

const SHIPMENT_COLUMNS: readonly BulkColumn<DemoShipmentRow>[] = [
  { column: shipments.id, type: 'text', value: (row) => row.id },
  { column: shipments.organizationId, type: 'uuid', value: (row) => row.organizationId },
  { column: shipments.reference, type: 'text', value: (row) => row.reference },
  { column: shipments.origin, type: 'text', value: (row) => row.origin },
  { column: shipments.destination, type: 'text', value: (row) => row.destination },
  { column: shipments.mode, type: 'text', value: (row) => row.mode },
  { column: shipments.lat, type: 'float8', value: (row) => row.lat },
  { column: shipments.lng, type: 'float8', value: (row) => row.lng },
  {
    column: shipments.positionAt,
    type: 'timestamptz',
    value: (row) => (row.positionAt ?? new Date()).toISOString(),
  },
  { column: shipments.cargoValue, type: 'float8', value: (row) => row.cargoValue ?? null },
  { column: shipments.cargoCurrency, type: 'text', value: (row) => row.cargoCurrency ?? null },
  { column: shipments.status, type: 'text', value: (row) => row.status ?? 'IN_TRANSIT' },
  { column: shipments.originLocode, type: 'text', value: (row) => row.originLocode ?? null },
  { column: shipments.originLat, type: 'float8', value: (row) => row.originLat ?? null },
  { column: shipments.originLng, type: 'float8', value: (row) => row.originLng ?? null },
  {
    column: shipments.destinationLocode,
    type: 'text',
    value: (row) => row.destinationLocode ?? null,
  },
  { column: shipments.destinationLat, type: 'float8', value: (row) => row.destinationLat ?? null },
  { column: shipments.destinationLng, type: 'float8', value: (row) => row.destinationLng ?? null },
  {
    column: shipments.departureAt,
    type: 'timestamptz',
    value: (row) => row.departureAt?.toISOString() ?? null,
  },
  { column: shipments.eta, type: 'timestamptz', value: (row) => row.eta?.toISOString() ?? null },
  {
    column: shipments.waypoints,
    type: 'jsonb',
    value: (row) => (row.waypoints ? JSON.stringify(row.waypoints) : null),
  },
];

const insertIncidents = (tx: Executor) => (batch: DemoIncidentRow[]) =>
  bulkInsert(tx, incidents, INCIDENT_COLUMNS, batch);

const insertShipments = (tx: Executor) => (batch: DemoShipmentRow[]) =>
  bulkInsert(tx, shipments, SHIPMENT_COLUMNS, batch);

const SIGN_IN_ROLES: readonly AdminRole[] = ['ADMIN', 'MANAGER', 'VIEWER'];

function signInHint(demoUsers: readonly DemoUserRow[], password: string | null): string {
  const byRole = SIGN_IN_ROLES.map((role) =>
    demoUsers.find((user) => user.adminRole === role && user.accountStatus === 'ACTIVE'),
  );
  const emails = byRole.flatMap((user) => (user ? [user.email] : [])).join(', ');
  return password
    ? `Demo users (password ${password}, shown once): ${emails}`
    : `Demo users: ${emails} (their password was shown once when the demo was loaded)`;
}

/**
 * Loads the demo (three customers, their users, incidents and shipments, plus an internal
 * analyst) in one transaction. Idempotent: a marker row makes a second run a no-op, and
 * every row has a deterministic id and is inserted with ON CONFLICT DO NOTHING.
 */
export async function seedDemoData(
  db: Database,
  config: Pick<AppConfig, 'demo' | 'internalDomain'>,
  hasher: PasswordHasher,
  log: SeedLogger,
): Promise<DemoSeedResult> {
  const data = generateDemoData({ seed: DEMO_SEED, internalDomain: config.internalDomain });
  const [marker] = await db
    .select({ key: appSettings.key })
    .from(appSettings)
    .where(eq(appSettings.key, DEMO_MARKER_KEY));
  if (marker) {
    log.info({ step: 'skipped' }, 'demo data already loaded');
    return { seeded: false, signInHint: signInHint(data.users, null) };
  }

  const started = Date.now();
  log.info({ step: 'start' }, 'loading demo data');
  // Never a constant in the source: a password everyone knows would open every install.
  const password = config.demo.password ?? randomSecret(12);
  // Hashing is deliberately slow: one hash serves every demo account.
  const passwordHash = await hasher.hash(password);
  const seeded = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(appSettings)
      .values({ key: DEMO_MARKER_KEY, value: JSON.stringify({ seed: DEMO_SEED }) })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    // Another instance sharing the database loaded it first.
    if (!claimed) return false;

    const insertedOrgs = await tx
      .insert(organizations)
      .values(data.organizations)
      .onConflictDoNothing()
      .returning({ id: organizations.id });
    // A slug already taken by a real customer: skip that demo organization and its rows.
    const orgIds = new Set(insertedOrgs.map((row) => row.id));
    log.info(
      { step: 'organizations', done: orgIds.size, total: data.organizations.length },
      'seeding demo data',
    );

    const internal = await organizationsRepository.findInternal(tx);
    const demoUsers = [
      ...data.users.filter((user) => orgIds.has(user.organizationId)),
      ...(internal
        ? data.platformUsers.map((user) => ({ ...user, organizationId: internal.id }))
        : []),
    ].map((user) => ({
      ...user,
      // An invited user has no password until they accept.
      passwordHash: user.accountStatus === 'PENDING' ? null : passwordHash,
      passwordChangedAt: user.accountStatus === 'PENDING' ? null : user.createdAt,
    }));
    const insertedUsers = await tx
      .insert(users)
      .values(demoUsers)
      .onConflictDoNothing()
      .returning({ id: users.id });
    log.info(
      { step: 'users', done: insertedUsers.length, total: demoUsers.length },
      'seeding demo data',
    );

    const demoIncidents = data.incidents.filter(
      (incident) => !incident.organizationId || orgIds.has(incident.organizationId),
    );
    await insertBatches(demoIncidents, insertIncidents(tx), (done) =>
      log.info({ step: 'incidents', done, total: demoIncidents.length }, 'seeding demo data'),
    );
    const demoShipments = data.shipments.filter((shipment) => orgIds.has(shipment.organizationId));
    await insertBatches(demoShipments, insertShipments(tx), (done) =>
      log.info({ step: 'shipments', done, total: demoShipments.length }, 'seeding demo data'),
    );
    const demoSites = data.sites.filter((site) => orgIds.has(site.organizationId));
    if (demoSites.length > 0) await tx.insert(sites).values(demoSites).onConflictDoNothing();
    log.info(
      { step: 'sites', done: demoSites.length, total: demoSites.length },
      'seeding demo data',
    );
    const demoProducts = data.products.filter((product) => orgIds.has(product.organizationId));
    if (demoProducts.length > 0) {
      await tx.insert(products).values(demoProducts).onConflictDoNothing();
      const parts = data.productParts.filter((part) => orgIds.has(part.organizationId));
      if (parts.length > 0) await tx.insert(productParts).values(parts);
    }
    log.info(
      { step: 'products', done: demoProducts.length, total: demoProducts.length },
      'seeding demo data',
    );
    // What each incident reaches of the new sites and shipments, worked out by the exposure
    // worker once this commits (as after an import).
    await jobQueue.enqueueMany(
      tx,
      EXPOSURE_JOBS.organization,
      [...orgIds].map((organizationId) => ({
        key: organizationId,
        payload: { organizationId, cause: 'Demo data loaded' },
      })),
    );
    return true;
  });
  log.info(
    { step: 'done', seeded, ms: Date.now() - started },
    seeded ? 'demo data loaded' : 'demo data already loaded',
  );
  return { seeded, signInHint: signInHint(data.users, seeded ? password : null) };
}

export type ScaleDataOptions = {
  organizationId: string;
  shipments: number;
  incidents: number;
  /** Global incidents (no organization) added on top, for GLOBAL-scope measurements. */
  globalIncidents?: number;
  /**
   * Names the random streams the rows are drawn from (the organization's id when not given):
   * the same stream gives the same rows in any organization.
   */
  stream?: string;
  /** Sites near the lanes' ports, and products with bills of materials drawn from them. */
  sites?: number;
  products?: number;
  seed?: number;
  now?: Date;
  log?: SeedLogger;
};

/**
 * Bulk data for benchmarks: many shipments and incidents in one existing organization, in
 * one transaction. The same options give the same rows, and running it again adds nothing.
 */
export async function seedScaleData(
  db: Database,
  options: ScaleDataOptions,
): Promise<{ shipments: number; incidents: number; sites: number; products: number }> {
  const seed = options.seed ?? DEMO_SEED;
  const now = options.now ?? new Date();
  const stream = options.stream ?? options.organizationId;
  const incidentRows = [
    ...generateIncidents({
      seed,
      count: options.incidents,
      now,
      owners: [{ organizationId: options.organizationId, weight: 1 }],
      stream,
    }),
    ...generateIncidents({
      seed,
      count: options.globalIncidents ?? 0,
      now,
      owners: [{ organizationId: null, weight: 1 }],
      stream: `${stream}:global`,
    }),
  ];
  const shipmentRows = generateShipments({
    seed,
    count: options.shipments,
    owners: [{ organizationId: options.organizationId, weight: 1, lanes: ALL_LANES }],
    stream,
    now,
  });
  const report =
    (step: string, total: number) =>
    (done: number): void =>
      options.log?.info({ step, done, total }, 'seeding scale data');
  const added = await db.transaction(async (tx) => ({
    incidents: await insertBatches(
      incidentRows,
      insertIncidents(tx),
      report('incidents', incidentRows.length),
    ),
    shipments: await insertBatches(
      shipmentRows,
      insertShipments(tx),
      report('shipments', shipmentRows.length),
    ),
  }));
  const siteRows = generateScaleSites({
    seed,
    organizationId: options.organizationId,
    stream,
    count: options.sites ?? 0,
  });
  const valueModel = generateScaleProducts({
    seed,
    organizationId: options.organizationId,
    stream,
    count: options.products ?? 0,
    sites: siteRows,
  });
  // Batches under the statement's parameter limit (about 20 columns a site, 7 a part).
  const model = await db.transaction(async (tx) => {
    const sitesAdded = await insertBatches(
      siteRows,
      async (batch) => {
        let inserted = 0;
        for (let start = 0; start < batch.length; start += 2_000) {
          const rows = batch.slice(start, start + 2_000);
          inserted += (
            await tx.insert(sites).values(rows).onConflictDoNothing().returning({ id: sites.id })
          ).length;
        }
        return inserted;
      },
      report('sites', siteRows.length),
    );
    if (valueModel.products.length === 0) return { sites: sitesAdded, products: 0 };
    const added = new Set(
      (
        await tx
          .insert(products)
          .values(valueModel.products)
          .onConflictDoNothing()
          .returning({ id: products.id })
      ).map((row) => row.id),
    );
    const parts = valueModel.parts.filter((part) => added.has(part.productId));
    await insertBatches(
      parts,
      async (batch) => {
        await tx.insert(productParts).values(batch);
        return batch.length;
      },
      report('product parts', parts.length),
    );
    return { sites: sitesAdded, products: added.size };
  });
  // As after any bulk load: the planner's statistics, before the first query meets the rows.
  await db.execute(sql`analyze ${incidents}, ${shipments}, ${sites}, ${products}, ${productParts}`);
  return { ...added, ...model };
}
