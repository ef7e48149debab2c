import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.MERIDIAN_TEST_DB === 'postgres' && Boolean(serverUrl);

describe.runIf(onPostgres)('the PostgreSQL connection pool', () => {
  it('reports a connection the server drops, and the next query opens another', async () => {
    const errors: Error[] = [];
    const handle = await openDatabase({ kind: 'postgres', url: serverUrl ?? '' }, (error) =>
      errors.push(error),
    );
    try {
      const before = await handle.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      const pid = (before as { rows: { pid: number }[] }).rows[0]?.pid;
      // What a restart or an administrator does to an idle connection.
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      await expect.poll(() => errors.length).toBe(1);
      const after = await handle.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      expect((after as { rows: { pid: number }[] }).rows[0]?.pid).not.toBe(pid);
    } finally {
      await handle.close();
    }
  });
});
