import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHealth } from '../../apps/server/src/test/server-readiness';
import { ADMIN_ACCOUNT, ALERT_TEST_ENV, INTERNAL_DOMAIN } from './fixtures';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');

export type RunningServer = { baseUrl: string; stop: () => Promise<void> };

/**
 * Starts the built server on an empty database and waits until it is healthy. The platform owner
 * is ADMIN_ACCOUNT; `env` adds or overrides settings, `port` picks the port (else a free one).
 */
export async function startServer(
  options: { env?: Record<string, string>; port?: number } = {},
): Promise<RunningServer> {
  if (!existsSync(serverEntry)) {
    throw new Error(`${serverEntry} is missing: run "npm run build" first.`);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-e2e-'));
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // No network here: the hazard feeds stay off.
      FEEDS: 'none',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      INTERNAL_DOMAIN,
      ADMIN_EMAIL: ADMIN_ACCOUNT.email,
      ADMIN_PASSWORD: ADMIN_ACCOUNT.password,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      RATE_LIMIT_PER_MINUTE: '10000',
      ACCOUNT_REQUESTS_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
      GOOGLE_CLIENT_ID: '',
      ...ALERT_TEST_ENV,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout.on('data', collect);
  server.stderr.on('data', collect);

  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, server, () => output, { timeoutMs: 60_000, pollMs: 250 });
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

export { freePort };
