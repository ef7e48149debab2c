import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { AppConfig } from '../config.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: the same query surface as the database. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type DatabaseHandle = {
  db: Database;
  kind: AppConfig['database']['kind'];
  migrate: () => Promise<void>;
  /** Runs work while no other instance runs its own (first-start bootstrap on a shared server). */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

/** Any fixed numbers: they only have to be the same for every Meridian instance. */
const MIGRATION_LOCK_KEY = 7_352_001;
const BOOTSTRAP_LOCK_KEY = 7_352_002;

/** Where a connection's own failure goes; the default writes one line to stderr. */
type OnConnectionError = (error: Error) => void;
const reportToStderr: OnConnectionError = (error) =>
  process.stderr.write(`database connection error: ${error.message}\n`);

export async function openDatabase(
  database: AppConfig['database'],
  onConnectionError: OnConnectionError = reportToStderr,
): Promise<DatabaseHandle> {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // An idle connection the server drops (restart, failover, admin) is an event, not a crash:
    // the pool discards it and the next query opens another.
    pool.on('error', onConnectionError);
    const db = drizzlePostgres(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      // An advisory lock so that instances starting together migrate one after another.
      migrate: async () => {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder });
        } finally {
          await client
            .query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
            .catch(() => undefined);
          client.release();
        }
      },
      // Held on its own connection; the work uses the pool as usual.
      exclusive: async (work) => {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [BOOTSTRAP_LOCK_KEY]);
          return await work();
        } finally {
          await client
            .query('SELECT pg_advisory_unlock($1)', [BOOTSTRAP_LOCK_KEY])
            .catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (database.dataDir) mkdirSync(database.dataDir, { recursive: true });
  const client = await PGlite.create(database.dataDir ?? undefined);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    // One process owns an embedded database: nothing to coordinate with.
    exclusive: (work) => work(),
    close: () => client.close(),
  };
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
