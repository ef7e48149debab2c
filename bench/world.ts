import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { seedScaleData } from '../apps/server/src/bootstrap/demo-data.js';
import { createRandom } from '../apps/server/src/bootstrap/demo/random.js';
import { ensurePlatform } from '../apps/server/src/bootstrap/platform.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { organizations, users } from '../apps/server/src/db/schema.js';
import { freePort, waitForHealth } from '../apps/server/src/test/server-readiness.js';
import { PasswordHasher } from '../apps/server/src/lib/passwords.js';
import { log } from './log.js';
import { BENCH_SEED, type BenchSize } from './options.js';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');

export const ADMIN = { email: 'owner@meridian.local', password: 'Bench-Owner-Passw0rd!' };
export const ANALYST = { email: 'analyst@bench.example', password: 'Bench-Analyst-Passw0rd!' };

/** Where the data lives: an embedded data directory, or a database on a PostgreSQL server. */
export type Store = { label: string; env: Record<string, string> };

async function freshStore(postgresUrl: string | undefined): Promise<Store> {
  if (!postgresUrl) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-bench-'));
    return { label: 'embedded (PGlite)', env: { DATA_DIR: dataDir } };
  }
  const name = `meridian_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return { label: 'PostgreSQL', env: { DATABASE_URL: url.toString() } };
}

const baseEnv = (store: Store): Record<string, string> => ({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  // No network here: the hazard feeds stay off.
  FEEDS: 'none',
  DEMO_DATA: '0',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  // The benchmark measures the stack, not the rate limiter.
  RATE_LIMIT_PER_MINUTE: '100000000',
  GOOGLE_CLIENT_ID: '',
  ...store.env,
});

/**
 * A fresh store holding one organization with `size` shipments and incidents (the demo
 * generator's seeded rows: same seed, same data) and `size.users` members, one of them the
 * analyst the benchmark signs in as.
 */
export async function seedStore(
  size: BenchSize,
  postgresUrl: string | undefined,
  valueModel: { sites: number; products: number } = { sites: 0, products: 0 },
): Promise<Store> {
  const store = await freshStore(postgresUrl);
  const config = loadConfig({ ...baseEnv(store), LOG_LEVEL: 'silent' });
  const hasher = new PasswordHasher({ memoryCost: 4096, timeCost: 1, parallelism: 1 });
  const database = await openStore(store);
  try {
    await database.migrate();
    await ensurePlatform(database.db, config, hasher);
    // Straight into the table: the benchmark depends on the schema, not on a module's internals.
    const [organization] = await database.db
      .insert(organizations)
      .values({
        name: 'Bench Freight',
        slug: 'bench-freight',
        status: 'ACTIVE',
        domain: 'bench.example',
      })
      .returning({ id: organizations.id });
    if (!organization) throw new Error('the bench organization was not created');
    const passwordHash = await hasher.hash(ANALYST.password);
    const random = createRandom(BENCH_SEED, 'bench-users');
    await database.db.insert(users).values(
      Array.from({ length: size.users }, (_, index) => ({
        id: random.uuid(),
        organizationId: organization.id,
        email: index === 0 ? ANALYST.email : `member${index}@bench.example`,
        firstName: index === 0 ? 'Ana' : `Member${index}`,
        lastName: 'Bench',
        passwordHash,
        adminRole: index === 0 ? ('ADMIN' as const) : ('VIEWER' as const),
        role: 'MEMBER' as const,
        accountStatus: 'ACTIVE' as const,
      })),
    );
    const started = Date.now();
    await seedScaleData(database.db, {
      organizationId: organization.id,
      shipments: size.shipments,
      incidents: size.incidents,
      ...valueModel,
      seed: BENCH_SEED,
      // The same rows on every store, whatever id the organization gets.
      stream: 'bench-freight',
      // Fixed, so the same seed gives the same rows whenever the benchmark runs.
      now: new Date('2025-01-01T00:00:00Z'),
    });
    log.info(
      { store: store.label, ...size, ...valueModel, ms: Date.now() - started },
      'data seeded',
    );
  } finally {
    await database.close();
  }
  return store;
}

/** The store's database, opened in this process (for measurements of the server's code). */
export const openStore = (store: Store) =>
  openDatabase(loadConfig({ ...baseEnv(store), LOG_LEVEL: 'silent' }).database);

export type RunningServer = { baseUrl: string; startupMs: number; stop: () => Promise<void> };

/**
 * Starts Meridian on the store, by default the built server (`node apps/server/dist/main.js`),
 * or `npm start` (command ['npm', 'start']); answers once GET /api/health is 200.
 */
export async function startServer(
  store: Store,
  command: readonly string[] = [process.execPath, serverEntry],
): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const started = performance.now();
  const [file = 'node', ...args] = command;
  const child = spawn(file, args, {
    cwd: repoRoot,
    env: { ...process.env, ...baseEnv(store), HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that stopping `npm start` also stops the server it runs.
    detached: true,
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-10_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  };
  try {
    await waitForHealth(baseUrl, child, () => output, { timeoutMs: 120_000, pollMs: 25 });
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, startupMs: performance.now() - started, stop };
}

export type Session = { accessToken: string; refreshToken: string };

export async function signIn(baseUrl: string, account = ANALYST): Promise<Session> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Session;
}

/**
 * Waits until the server's background work (exposure recomputes queued by the writes) is
 * done, so that what is measured next is not measured under it; answers how long it took.
 */
export async function waitForBackgroundWork(baseUrl: string, timeoutMs = 600_000): Promise<number> {
  const admin = await signIn(baseUrl, ADMIN);
  const started = performance.now();
  for (;;) {
    const response = await fetch(`${baseUrl}/api/admin/jobs`, {
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    const body = (await response.json()) as { data: { queue: { due: number }[] } };
    // Work scheduled for later (an alert digest at the end of its window) is not waited for.
    if (body.data.queue.every((kind) => kind.due === 0)) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error('background work did not finish');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
