import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { expect } from 'vitest';
import { type Database, call, signIn, startServer } from './server-process.js';

export const KILL_ROUNDS = 10;
const WRITERS = 4;

type Rows = { organizations: { id: string; slug: string }[]; audited: string[]; orphans: string[] };

/** Reads the database directly, after the server is gone (PGlite recovers on open). */
async function readRows(database: Database): Promise<Rows> {
  const organizationsSql = `SELECT id::text AS id, slug FROM organizations WHERE slug LIKE 'durable-%'`;
  const auditSql = `SELECT target_id FROM audit_log WHERE action = 'organization.create'`;
  const orphanSql = `SELECT a.target_id FROM audit_log a
    LEFT JOIN organizations o ON o.id::text = a.target_id
    WHERE a.action = 'organization.create' AND o.id IS NULL`;
  if (database.kind === 'pglite') {
    const client = await PGlite.create(database.dataDir);
    try {
      const organizations = await client.query<{ id: string; slug: string }>(organizationsSql);
      const audited = await client.query<{ target_id: string }>(auditSql);
      const orphans = await client.query<{ target_id: string }>(orphanSql);
      return {
        organizations: organizations.rows,
        audited: audited.rows.map((row) => row.target_id),
        orphans: orphans.rows.map((row) => row.target_id),
      };
    } finally {
      await client.close();
    }
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const organizations = await client.query<{ id: string; slug: string }>(organizationsSql);
    const audited = await client.query<{ target_id: string }>(auditSql);
    const orphans = await client.query<{ target_id: string }>(orphanSql);
    return {
      organizations: organizations.rows,
      audited: audited.rows.map((row) => row.target_id),
      orphans: orphans.rows.map((row) => row.target_id),
    };
  } finally {
    await client.end();
  }
}

/**
 * Writers create organizations (a row and its audit entry in one transaction) and record every
 * id the server acknowledged with 201, while the server is killed with SIGKILL at a random
 * moment. After each kill, every acknowledged organization must be there, and no organization
 * may exist without its audit entry (or the other way round).
 */
export async function killAndCheck(database: Database): Promise<{ acknowledged: number }> {
  const acknowledged = new Map<string, string>();
  for (let round = 0; round < KILL_ROUNDS; round += 1) {
    const before = acknowledged.size;
    const server = await startServer(database);
    const { accessToken } = await signIn(server.url);
    let sequence = 0;
    let running = true;
    const writer = async () => {
      while (running) {
        const slug = `durable-${round}-${(sequence += 1)}`;
        try {
          const response = await call<{ data: { organization: { id: string } } }>(
            server.url,
            'POST',
            '/api/admin/organizations',
            { token: accessToken, body: { name: `Durable ${slug}`, slug } },
          );
          if (response.status === 201) acknowledged.set(response.body.data.organization.id, slug);
          else throw new Error(`unexpected ${response.status}`);
        } catch (error) {
          // Connections cut by the kill are expected; anything else before it is a failure.
          if (running) throw error;
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, writer);
    await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 1300));
    server.child.kill('SIGKILL');
    running = false;
    await server.exited;
    await Promise.all(writers);
    expect(acknowledged.size, `round ${round + 1} acknowledged writes`).toBeGreaterThan(before);

    const rows = await readRows(database);
    const stored = new Map(rows.organizations.map((row) => [row.id, row.slug]));
    const lost = [...acknowledged].filter(([id, slug]) => stored.get(id) !== slug);
    expect(lost, `acknowledged writes lost after kill ${round + 1}`).toEqual([]);
    const audited = new Set(rows.audited);
    const unaudited = rows.organizations.filter((row) => !audited.has(row.id));
    expect(unaudited, 'organizations without their audit entry').toEqual([]);
    expect(rows.orphans, 'audit entries without their organization').toEqual([]);
  }
  // The server still starts and serves everything acknowledged.
  const server = await startServer(database);
  try {
    const { accessToken } = await signIn(server.url);
    const list = await call<{ data: { organizations: { id: string }[] } }>(
      server.url,
      'GET',
      '/api/admin/organizations',
      { token: accessToken },
    );
    const listed = new Set(list.body.data.organizations.map((row) => row.id));
    expect([...acknowledged.keys()].filter((id) => !listed.has(id))).toEqual([]);
  } finally {
    await server.stop('SIGTERM');
  }
  return { acknowledged: acknowledged.size };
}
