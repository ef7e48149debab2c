import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('migrations', () => {
  it('are in sync with the schema: generating again produces nothing new', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'meridian-drizzle-'));
    cpSync(path.join(serverRoot, 'drizzle'), copy, { recursive: true });
    const before = readdirSync(copy).sort();
    // drizzle-kit takes the output folder relative to its working directory.
    const output = execFileSync('npx', ['drizzle-kit', 'generate'], {
      cwd: serverRoot,
      env: { ...process.env, DRIZZLE_OUT: path.relative(serverRoot, copy) },
      encoding: 'utf8',
    });
    expect(output).toContain('No schema changes');
    expect(readdirSync(copy).sort()).toEqual(before);
  });
});

/** A database with the migrations before `tag`, as one made before it has them; `finish` runs the rest. */
async function databaseBefore(tag: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const before = mkdtempSync(path.join(tmpdir(), `meridian-drizzle-before-${tag}-`));
  cpSync(path.join(serverRoot, 'drizzle'), before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.filter((entry) => entry.tag < tag);
  writeFileSync(journalPath, JSON.stringify(journal));
  const client = new PGlite();
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: before });
  const finish = () => migrate(db, { migrationsFolder: path.join(serverRoot, 'drizzle') });
  return { client, finish };
}

describe('0019: feed reports', () => {
  it('gives every incident a feed or an API key made its first report, and keeps what it said', async () => {
    const { client, finish } = await databaseBefore('0019');
    await client.exec(`
      insert into sources (kind, key, name, url) values
        ('USGS', 'USGS-quakes', 'USGS quakes', 'https://earthquake.usgs.gov/x.geojson');
      insert into incidents (title, severity, source, source_id, status, feed_values, ends_at) values
        ('M 6.1 - Chile', 'HIGH', 'USGS-quakes', 'us7000abc', 'OPEN', '{"severity":"HIGH"}', null),
        ('Old quake', 'LOW', 'USGS-quakes', 'us6000old', 'RESOLVED', null, '2026-01-01T00:00:00Z'),
        ('Pushed', 'MEDIUM', 'API', 'org:ext-1', 'OPEN', null, null),
        ('Typed in', 'LOW', 'MANUAL', null, 'OPEN', null, null);
    `);
    await finish();
    const { rows } = await client.query<Record<string, unknown>>(
      `select r.source_id, r.source_name, r.hazard, r.severity, r.feed_values, r.over, r.ends_at
         from feed_reports r order by r.source_id`,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        source_id: 'org:ext-1',
        source_name: 'API',
        hazard: null,
        over: false,
      }),
      expect.objectContaining({
        source_id: 'us6000old',
        source_name: 'USGS quakes',
        hazard: 'EARTHQUAKE',
        over: true,
        ends_at: new Date('2026-01-01T00:00:00Z'),
      }),
      expect.objectContaining({
        source_id: 'us7000abc',
        severity: 'HIGH',
        feed_values: { severity: 'HIGH' },
        over: false,
      }),
    ]);
    const columns = await client.query(
      `select 1 from information_schema.columns where table_name = 'incidents' and column_name = 'feed_values'`,
    );
    expect(columns.rows).toEqual([]);
    await client.close();
  });
});

describe('0020: when a shipment’s position was given', () => {
  it('takes a position written before it as given at the shipment’s last write', async () => {
    const { client, finish } = await databaseBefore('0020');
    await client.exec(`
      insert into organizations (id, name, slug) values
        ('00000000-0000-4000-8000-000000000001', 'Acme', 'acme');
      insert into shipments (id, organization_id, reference, origin, destination, mode, lat, lng, updated_at)
        values ('S-1', '00000000-0000-4000-8000-000000000001', 'PO-1', 'A', 'B', 'SEA', 1, 2,
          '2026-05-01T08:00:00Z');
    `);
    await finish();
    const { rows } = await client.query<{ position_at: Date }>(
      `select position_at from shipments where id = 'S-1'`,
    );
    expect(rows).toEqual([{ position_at: new Date('2026-05-01T08:00:00Z') }]);
    await client.close();
  });
});

describe('0021: what an incident exposed while active', () => {
  it('keeps each exposure’s first sight and clearing, and sweeps the stored spans for the peaks', async () => {
    const { client, finish } = await databaseBefore('0021');
    const org = '00000000-0000-4000-8000-000000000001';
    const incident = '00000000-0000-4000-8000-0000000000aa';
    // Sites A and B overlap (two at once from 02:00 to 03:00); C comes after A and B cleared.
    // One shipment, still in reach.
    await client.exec(`
      insert into organizations (id, name, slug) values ('${org}', 'Acme', 'acme');
      insert into incidents (id, title, severity, status) values ('${incident}', 'Fire', 'HIGH', 'OPEN');
      insert into exposures (organization_id, incident_id, target_kind, target_id, via, distance_km,
          state, first_seen_at, last_changed_at) values
        ('${org}', '${incident}', 'SITE', 'A', 'LOCATION', 1, 'CLEARED', '2026-05-01T01:00:00Z', '2026-05-01T03:00:00Z'),
        ('${org}', '${incident}', 'SITE', 'B', 'LOCATION', 2, 'CLEARED', '2026-05-01T02:00:00Z', '2026-05-01T04:00:00Z'),
        ('${org}', '${incident}', 'SITE', 'C', 'LOCATION', 3, 'CLEARED', '2026-05-01T04:00:00Z', '2026-05-01T05:00:00Z'),
        ('${org}', '${incident}', 'SHIPMENT', 'S', 'POSITION', 4, 'ONGOING', '2026-05-01T06:00:00Z', '2026-05-01T06:30:00Z');
    `);
    await finish();
    const spans = await client.query<Record<string, unknown>>(
      `select target_id, first_exposed_at, cleared_at from exposures order by target_id`,
    );
    expect(spans.rows).toEqual([
      {
        target_id: 'A',
        first_exposed_at: new Date('2026-05-01T01:00:00Z'),
        cleared_at: new Date('2026-05-01T03:00:00Z'),
      },
      {
        target_id: 'B',
        first_exposed_at: new Date('2026-05-01T02:00:00Z'),
        cleared_at: new Date('2026-05-01T04:00:00Z'),
      },
      {
        target_id: 'C',
        first_exposed_at: new Date('2026-05-01T04:00:00Z'),
        cleared_at: new Date('2026-05-01T05:00:00Z'),
      },
      { target_id: 'S', first_exposed_at: new Date('2026-05-01T06:00:00Z'), cleared_at: null },
    ]);
    const peaks = await client.query<Record<string, unknown>>(
      `select sites, sites_at, shipments, shipments_at from exposure_peaks`,
    );
    // B clears at 04:00 as C comes: a clearing counts first at one instant, so never three.
    expect(peaks.rows).toEqual([
      {
        sites: 2,
        sites_at: new Date('2026-05-01T02:00:00Z'),
        shipments: 1,
        shipments_at: new Date('2026-05-01T06:00:00Z'),
      },
    ]);
    await client.close();
  });
});

describe('0027: priorities of incidents recorded before 0025', () => {
  it('asks the exposure engine to recompute each incident that reached something, once', async () => {
    const { client, finish } = await databaseBefore('0027');
    await client.exec(`
      insert into organizations (id, name, slug) values ('00000000-0000-4000-8000-0000000000aa', 'Acme', 'acme');
      insert into incidents (id, organization_id, title, severity) values
        ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000aa', 'Live', 'HIGH'),
        ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-0000000000aa', 'Over', 'LOW'),
        ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-0000000000aa', 'Quiet', 'LOW');
      insert into exposures (organization_id, incident_id, target_kind, target_id, via, distance_km, state) values
        ('00000000-0000-4000-8000-0000000000aa', '00000000-0000-4000-8000-000000000001', 'SHIPMENT', 'S-1', 'POSITION', 3, 'NEW'),
        ('00000000-0000-4000-8000-0000000000aa', '00000000-0000-4000-8000-000000000001', 'SHIPMENT', 'S-2', 'POSITION', 4, 'NEW'),
        ('00000000-0000-4000-8000-0000000000aa', '00000000-0000-4000-8000-000000000002', 'SHIPMENT', 'S-1', 'ROUTE', 9, 'CLEARED');
      insert into jobs (kind, key, payload) values
        ('exposure.incident', '00000000-0000-4000-8000-000000000001', '{"incidentId":"00000000-0000-4000-8000-000000000001"}');
    `);
    await finish();
    const { rows } = await client.query<{ key: string; payload: unknown }>(
      `select key, payload from jobs where kind = 'exposure.incident' order by key`,
    );
    expect(rows).toEqual([
      {
        key: '00000000-0000-4000-8000-000000000001',
        payload: { incidentId: '00000000-0000-4000-8000-000000000001' },
      },
      {
        key: '00000000-0000-4000-8000-000000000002',
        payload: { incidentId: '00000000-0000-4000-8000-000000000002' },
      },
    ]);
    await client.close();
  });
});
