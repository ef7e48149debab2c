import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { AdminRole, AccountStatus, AuthResponse, PlatformRole } from '@meridian/contracts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type DestinationStream, pino } from 'pino';
import { buildApp } from '../app.js';
import { ensurePlatform, resolveJwtSecret } from '../bootstrap/platform.js';
import { type AppConfig, loadConfig } from '../config.js';
import { type DatabaseHandle, openDatabase } from '../db/client.js';
import { organizations as organizationsTable } from '../db/schema.js';
import { loggerOptions } from '../lib/logger.js';
import { PasswordHasher } from '../lib/passwords.js';
import { ExposureEngine } from '../modules/exposure/exposure.engine.js';
import {
  organizationsRepository,
  type OrganizationRow,
} from '../modules/organizations/organizations.repository.js';
import { type UserRow, usersRepository } from '../modules/users/users.repository.js';
import { migratedPgliteImage } from './pglite-template.js';

export const TEST_PASSWORD = 'correct-horse-battery-staple';
export const OWNER_EMAIL = 'owner@meridian.local';
export const INTERNAL_DOMAIN = 'meridian.local';

/** Cheaper than production so the suite stays fast; production cost is tested on its own. */
const TEST_HASHING = { memoryCost: 4096, timeCost: 1, parallelism: 1 };

export type ApiResponse<T = unknown> = { status: number; body: T; headers: Headers };
type RequestOptions = {
  token?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
};

export type TestServer = {
  url: string;
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The PostgreSQL database's address (null on PGlite), for a second instance's connections. */
  databaseUrl: string | null;
  config: AppConfig;
  /** The server's own hasher: tests read how many hashes it started. */
  hasher: PasswordHasher;
  internalOrganizationId: string;
  request: <T = Record<string, unknown>>(
    method: string,
    path: string,
    options?: RequestOptions,
  ) => Promise<ApiResponse<T>>;
  /**
   * A request whose success streams without end: its status, and the body of a refusal (a
   * stream's is not read: the connection closes once its status is known).
   */
  streamStatus: (
    path: string,
    headers?: Record<string, string>,
  ) => Promise<{ status: number; body: unknown }>;
  createOrganization: (name: string) => Promise<OrganizationRow>;
  createUser: (options: CreateUserOptions) => Promise<UserRow>;
  login: (email: string, password?: string) => Promise<AuthResponse>;
  /** Matches every active incident against every organization's data, as the jobs would. */
  recomputeExposure: () => Promise<void>;
  close: () => Promise<void>;
};

export type CreateUserOptions = {
  organizationId: string;
  email: string;
  adminRole?: AdminRole;
  role?: PlatformRole;
  accountStatus?: AccountStatus;
  lastLoginAt?: Date | null;
  /** As for a generated password: the user must choose their own first. */
  passwordChangeRequired?: boolean;
  /** False for an account that signs in only with Google (no password). */
  password?: boolean;
};

/** A fresh, empty database: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. */
async function freshDatabase(): Promise<{
  handle: DatabaseHandle;
  url: string | null;
  drop: () => Promise<void>;
}> {
  if (process.env.MERIDIAN_TEST_DB !== 'postgres') {
    return {
      handle: await openDatabase({
        kind: 'pglite',
        dataDir: null,
        image: await migratedPgliteImage(),
      }),
      url: null,
      drop: async () => undefined,
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('MERIDIAN_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `meridian_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  admin.on('error', () => undefined);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    handle,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      client.on('error', () => undefined);
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Starts the real application on a real port and a fresh real database. */
export async function startTestServer(
  env: Record<string, string> = {},
  options: {
    productionHashing?: boolean;
    /** Receives the server's JSON log lines (set LOG_LEVEL in env: the default is silent). */
    logStream?: DestinationStream;
  } = {},
): Promise<TestServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    LOG_FORMAT: 'json',
    ADMIN_EMAIL: OWNER_EMAIL,
    ADMIN_PASSWORD: TEST_PASSWORD,
    INTERNAL_DOMAIN,
    RATE_LIMIT_PER_MINUTE: '100000',
    ACCOUNT_REQUESTS_PER_MINUTE: '100000',
    // API only, whether or not the web app happens to be built.
    WEB_DIST_DIR: path.join(tmpdir(), 'meridian-no-web-app'),
    ...env,
  });
  if (!options.productionHashing) config.passwordHashing = TEST_HASHING;
  const { handle: database, url: databaseUrl, drop } = await freshDatabase();
  await database.migrate();
  const hasher = new PasswordHasher(config.passwordHashing, 4, config.passwordHashQueue);
  const platform = await ensurePlatform(database.db, config, hasher);
  const jwtSecret = await resolveJwtSecret(database.db, config.jwtSecret);
  const app = await buildApp({
    config,
    db: database.db,
    databaseKind: database.kind,
    jwtSecret,
    hasher,
    listen: database.listen,
    ...(options.logStream ? { logger: pino(loggerOptions(config), options.logStream) } : {}),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const passwordHash = await hasher.hash(TEST_PASSWORD);

  const request: TestServer['request'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${url}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Non-JSON bodies are returned as text.
    }
    return { status: response.status, body: parsed as never, headers: response.headers };
  };

  const login: TestServer['login'] = async (email, password = TEST_PASSWORD) => {
    const response = await request<AuthResponse>('POST', '/api/auth/login', {
      body: { email, password },
    });
    if (response.status !== 200)
      throw new Error(`login ${email} failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };

  const streamStatus: TestServer['streamStatus'] = (path, headers = {}) =>
    new Promise((resolve, reject) => {
      const sent = http.get(`${url}${path}`, { headers }, (response) => {
        const status = response.statusCode ?? 0;
        if (status === 200) {
          resolve({ status, body: null });
          sent.destroy();
          return;
        }
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status, body: text ? JSON.parse(text) : null }));
      });
      sent.on('error', reject);
    });

  return {
    url,
    app,
    streamStatus,
    database,
    databaseUrl,
    config,
    hasher,
    internalOrganizationId: platform.internalOrganizationId,
    request,
    login,
    createOrganization: (name) =>
      organizationsRepository.insert(database.db, {
        name,
        slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        status: 'ACTIVE',
        domain: null,
        address_line1: null,
        city: null,
        state: null,
        zip_code: null,
        country: null,
        phone_number: null,
        website: null,
      }),
    createUser: (options) =>
      usersRepository.insert(database.db, {
        organizationId: options.organizationId,
        email: options.email,
        firstName: options.email.split('@')[0] ?? 'Test',
        lastName: 'User',
        passwordHash: options.password === false ? null : passwordHash,
        adminRole: options.adminRole ?? 'VIEWER',
        role: options.role ?? 'MEMBER',
        accountStatus: options.accountStatus ?? 'ACTIVE',
        lastLoginAt: options.lastLoginAt ?? null,
        passwordChangeRequired: options.passwordChangeRequired ?? false,
      }),
    recomputeExposure: async () => {
      const engine = new ExposureEngine(database.db);
      const organizations = await database.db
        .select({ id: organizationsTable.id })
        .from(organizationsTable);
      for (const organization of organizations) await engine.recomputeOrganization(organization.id);
    },
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
