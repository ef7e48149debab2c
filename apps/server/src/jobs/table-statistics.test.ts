import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, OWNER_EMAIL, startTestServer } from '../test/test-server.js';
import { isStale, TableStatistics } from './table-statistics.js';

/**
 * The embedded database's autovacuum: tables never analyzed, or whose size moved by a fifth,
 * get VACUUM (ANALYZE); the others are left alone. Run on both databases (the pass itself is
 * plain PostgreSQL); the app starts it on PGlite only.
 */
const silent = pino({ level: 'silent' });
let server: TestServer;

beforeAll(async () => {
  // No background workers: this test's pass is the only one.
  server = await startTestServer({ WORKERS: '0' });
  // Autovacuum off for this table on PostgreSQL, so that only the pass under test analyzes it.
  await server.database.db.execute(
    sql.raw('create table statistics_probe (id int, note text) with (autovacuum_enabled = false)'),
  );
});
afterAll(() => server.close());

const addRows = (from: number, count: number) =>
  server.database.db.execute(
    sql`insert into statistics_probe select g, md5(g::text) from generate_series(${from}::int, ${from + count - 1}::int) g`,
  );
const probe = async () => {
  const result = await server.database.db.execute(
    sql`select reltuples::float8 as tuples, relpages as pages from pg_class where relname = 'statistics_probe'`,
  );
  const [row] = (result as { rows: { tuples: number; pages: number }[] }).rows;
  return { tuples: Number(row?.tuples), pages: Number(row?.pages) };
};

describe('table statistics', () => {
  it('decides staleness by pages: never analyzed, or moved by more than a fifth (and 8 pages)', () => {
    const table = { name: 't', pages: 100, pagesAtStatistics: 100, analyzed: true };
    expect(isStale({ ...table, analyzed: false })).toBe(true);
    expect(isStale({ ...table, pages: 0, analyzed: false })).toBe(false);
    expect(isStale(table)).toBe(false);
    expect(isStale({ ...table, pages: 120 })).toBe(false);
    expect(isStale({ ...table, pages: 121 })).toBe(true);
    expect(isStale({ ...table, pages: 79 })).toBe(true);
    // A small table is not redone for every few rows.
    expect(isStale({ ...table, pages: 9, pagesAtStatistics: 2 })).toBe(false);
    expect(isStale({ ...table, pages: 11, pagesAtStatistics: 2 })).toBe(true);
  });

  it('analyzes a loaded table once, leaves it while unchanged, and again once it has grown', async () => {
    const statistics = new TableStatistics(server.database.db, silent);
    await addRows(1, 5_000);
    expect((await probe()).tuples).toBeLessThan(0);

    const first = await statistics.runDue();
    expect(first).toContain('statistics_probe');
    // The application's own tables with rows are among them (users, organizations...).
    expect(first).toContain('users');
    expect((await probe()).tuples).toBe(5_000);

    expect(await statistics.runDue()).toEqual([]);

    await addRows(5_001, 5_000);
    expect(await statistics.runDue()).toEqual(['statistics_probe']);
    expect((await probe()).tuples).toBe(10_000);
    expect(statistics.health).toMatchObject({ runs: 3, failures: 0, lastError: null });
    expect(statistics.health.lastSuccessAt).not.toBeNull();
  });

  it('records a failure on the health screen and carries on at the next pass', async () => {
    const statistics = new TableStatistics(server.database.db, silent);
    await addRows(10_001, 10_000);
    // A pass that cannot read the catalogue: a closed-over database that throws.
    const broken = new TableStatistics(
      { execute: () => Promise.reject(new Error('database unavailable')) } as never,
      silent,
    );
    expect(await broken.runDue()).toEqual([]);
    expect(broken.health).toMatchObject({
      runs: 0,
      failures: 1,
      lastError: 'database unavailable',
    });
    expect(await statistics.runDue()).toEqual(['statistics_probe']);
  });
});

describe('the jobs health screen', () => {
  it('shows the statistics pass on the embedded database only', async () => {
    const owner = await server.login(OWNER_EMAIL);
    const response = await server.request<{ data: { worker: { kind: string }[] } }>(
      'GET',
      '/api/admin/jobs',
      { token: owner.accessToken },
    );
    expect(response.status).toBe(200);
    const kinds = response.body.data.worker.map((entry) => entry.kind);
    expect(kinds.includes('table-statistics')).toBe(server.database.kind === 'pglite');
  });
});
