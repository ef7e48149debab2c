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
import { sharedRoundTrip } from '../lib/concurrency.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: the same query surface as the database. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** What a listener hears: each channel's payloads, and whether it may be missing any. */
export type ChannelHandlers = {
  message: (channel: string, payload: string) => void;
  /** Listening (again): from now on nothing is missed. */
  ready: () => void;
  /** The connection that listens is gone: messages may be missed until `ready` again. */
  lost: () => void;
};

export type ChannelListener = {
  /**
   * Resolves once every message committed before the call has been handed to `message`: a
   * write request that waits for it answers only after this instance heard its own changes.
   */
  barrier: () => Promise<void>;
  stop: () => Promise<void>;
};

export type DatabaseHandle = {
  db: Database;
  kind: AppConfig['database']['kind'];
  /** LISTEN on channels (fixed identifiers) that triggers `pg_notify` on commit, on one connection. */
  listen: (channels: readonly string[], handlers: ChannelHandlers) => Promise<ChannelListener>;
  migrate: () => Promise<void>;
  /** Runs work while no other instance runs its own (first-start bootstrap on a shared server). */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

/** The migrations, in drizzle-kit's layout (SQL files and meta/_journal.json). */
export const migrationsFolder = path.resolve(
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

/**
 * Where the data is: the configured database, or (tests) an embedded one in memory that starts
 * from a dumped data directory, so that a migrated template is loaded rather than rebuilt.
 */
export type DatabaseTarget = AppConfig['database'] | { kind: 'pglite'; dataDir: null; image: Blob };

export async function openDatabase(
  database: DatabaseTarget,
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
      listen: (channels, handlers) =>
        listenOnPostgres(database.url, channels, handlers, onConnectionError),
      close: () => pool.end(),
    };
  }
  if (database.dataDir) mkdirSync(database.dataDir, { recursive: true });
  const client =
    'image' in database
      ? await PGlite.create({ loadDataDir: database.image })
      : await PGlite.create(database.dataDir ?? undefined);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    // One process owns an embedded database: nothing to coordinate with.
    exclusive: (work) => work(),
    // Notifications are handed over as the query that committed them returns.
    listen: async (channels, handlers) => {
      const unlisten = await Promise.all(
        channels.map((channel) =>
          client.listen(channel, (payload) => handlers.message(channel, payload)),
        ),
      );
      handlers.ready();
      return {
        barrier: async () => undefined,
        stop: async () => {
          await Promise.all(unlisten.map((stop) => stop()));
        },
      };
    },
    close: () => client.close(),
  };
}

const LISTEN_RETRY_MS = { first: 1_000, max: 30_000 };

/**
 * LISTEN on a connection of its own (outside the pool), reconnecting with backoff when it is
 * lost; `lost` tells the owner to trust nothing it cached meanwhile. One connection for every
 * channel, so that one barrier covers them all.
 */
async function listenOnPostgres(
  url: string,
  channels: readonly string[],
  handlers: ChannelHandlers,
  onConnectionError: OnConnectionError,
): Promise<ChannelListener> {
  for (const channel of channels)
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = LISTEN_RETRY_MS.first;
  let timer: NodeJS.Timeout | undefined;

  const lose = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    client = null;
    handlers.lost();
    lostClient.end().catch(() => undefined);
    schedule();
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void connect(), retryMs);
    retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MS.max);
  };
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (channels.includes(message.channel))
        handlers.message(message.channel, message.payload ?? '');
    });
    next.on('error', (error) => {
      onConnectionError(error);
      lose(next);
    });
    next.on('end', () => lose(next));
    try {
      await next.connect();
      for (const channel of channels) await next.query(`LISTEN ${channel}`);
    } catch (error) {
      onConnectionError(error instanceof Error ? error : new Error(String(error)));
      await next.end().catch(() => undefined);
      schedule();
      return;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryMs = LISTEN_RETRY_MS.first;
    handlers.ready();
  };

  await connect();
  return {
    // The server hands a listener its pending notifications before a query's answer completes.
    // One query at a time on this connection (pg would otherwise queue them, which it
    // deprecates), however many write requests wait at once.
    barrier: sharedRoundTrip(async () => {
      const current = client;
      if (current) await current.query('SELECT 1').catch(() => undefined);
    }),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The rows of a raw `db.execute`, the same on PGlite and node-postgres. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
