import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, waitForHealth } from '../server-readiness.js';

/** The built server, exactly as production runs it. */
const serverEntry = fileURLToPath(new URL('../../../dist/main.js', import.meta.url));
const heapProbe = new URL('./heap-probe.mjs', import.meta.url).href;

export const OWNER_EMAIL = 'owner@meridian.local';
export const OWNER_PASSWORD = 'resilience-owner-passphrase';
const JWT_SECRET = randomBytes(32).toString('hex');

export type Database = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  stop: (signal: NodeJS.Signals) => Promise<number | null>;
};

export type HeapHeld = { heapUsed: number; external: number; rss: number };

/** Starts `node dist/main.js` on a loopback port and waits until /api/health answers. */
export async function startServer(
  database: Database,
  env: Record<string, string> = {},
  { probeHeap = false }: { probeHeap?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const preload = probeHeap ? ['--expose-gc', '--import', heapProbe] : [];
  const child = spawn(process.execPath, [...preload, serverEntry], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      // No network here: the hazard feeds stay off.
      FEEDS: 'none',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: OWNER_EMAIL,
      ADMIN_PASSWORD: OWNER_PASSWORD,
      JWT_SECRET,
      DEMO_DATA: '0',
      WEB_DIST_DIR: path.join(tmpdir(), 'meridian-no-web-app'),
      RATE_LIMIT_PER_MINUTE: '10000000',
      ...(database.kind === 'pglite'
        ? { DATA_DIR: database.dataDir }
        : { DATABASE_URL: database.url }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, () => log, { timeoutMs: 90_000, pollMs: 100 });
  return {
    url,
    child,
    output: () => log,
    exited,
    stop: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * What a server started with `probeHeap` still holds after full collections: it signals the
 * probe and reads the line it prints.
 */
export async function heapHeld(server: ServerProcess, timeoutMs = 10_000): Promise<HeapHeld> {
  const before = server.output().length;
  server.child.kill('SIGUSR2');
  const started = Date.now();
  for (;;) {
    const line = /heap-probe (\{.*\})/.exec(server.output().slice(before));
    if (line?.[1]) return JSON.parse(line[1]) as HeapHeld;
    if (Date.now() - started > timeoutMs) throw new Error('the heap probe did not answer');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export type Throwaway<T> = { value: T; drop: () => Promise<void> };

export function pgliteDirectory(): Throwaway<Database> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-resilience-'));
  return {
    value: { kind: 'pglite', dataDir },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A new, empty database on TEST_DATABASE_URL's server, dropped afterwards. */
export async function postgresDatabase(serverUrl: string): Promise<Throwaway<Database>> {
  const name = `meridian_resilience_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    value: { kind: 'postgres', url: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export type Response<T> = { status: number; body: T; headers: Headers };

/** One JSON request with a timeout; a network error or timeout (a TimeoutError) rejects. */
export async function call<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  url: string,
  options: {
    token?: string;
    body?: unknown;
    headers?: Record<string, string>;
    timeoutMs?: number;
    /** Read the body to its end without parsing it (`body` is null): a load test's client. */
    discardBody?: boolean;
  } = {},
): Promise<Response<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const controller = new AbortController();
  const exchange = async (): Promise<Response<T>> => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
    if (options.discardBody) {
      await response.arrayBuffer();
      return { status: response.status, body: null as T, headers: response.headers };
    }
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : null) as T,
      headers: response.headers,
    };
  };
  // The deadline rejects by itself: under load, fetch has missed the abort of its signal and
  // stayed pending for minutes, which hung the whole load test instead of failing it.
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const reason = new DOMException(`${method} ${url} timed out`, 'TimeoutError');
      controller.abort(reason);
      reject(reason);
    }, options.timeoutMs ?? 10_000);
  });
  try {
    return await Promise.race([exchange(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export type Session = { accessToken: string; refreshToken: string };

export async function signIn(baseUrl: string): Promise<Session> {
  const response = await call<Session>(baseUrl, 'POST', '/api/auth/login', {
    body: { email: OWNER_EMAIL, password: OWNER_PASSWORD },
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  return response.body;
}
