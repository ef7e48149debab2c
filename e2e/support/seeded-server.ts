import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, SERVER_START_TIMEOUT_MS, test } from './test';
import { ALERT_TEST_ENV } from './fixtures';
import {
  OWNER_EMAIL,
  startTestServer,
  TEST_PASSWORD,
  type TestServer,
} from '../../apps/server/src/test/test-server';

const webDist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

/** The platform owner of a seeded server: an internal user with platform role OWNER. */
export const SEEDED_OWNER = { email: OWNER_EMAIL, password: TEST_PASSWORD } as const;
export { TEST_PASSWORD as SEEDED_PASSWORD };

/**
 * A server of the test file's own, in this process, serving the production web build: the
 * test can seed rows no API writes (lastLoginAt, an expired invitation) and change the
 * organizations without disturbing the other browser tests' shared server.
 */
export function useSeededServer<T>(
  seed: (server: TestServer) => Promise<T>,
  /** More settings, read when the server starts (e.g. a local SMTP server's URL). */
  env: () => Record<string, string> = () => ({}),
): () => { server: TestServer; baseUrl: string; data: T } {
  let state: { server: TestServer; baseUrl: string; data: T } | undefined;

  beforeAll(async () => {
    test.setTimeout(SERVER_START_TIMEOUT_MS);
    const server = await startTestServer({
      NODE_ENV: 'production',
      WEB_DIST_DIR: webDist,
      ...ALERT_TEST_ENV,
      ...env(),
    });
    state = { server, baseUrl: server.url, data: await seed(server) };
  });

  afterAll(async () => {
    await state?.server.close();
  });

  return () => {
    if (!state) throw new Error('The seeded server is not ready');
    return state;
  };
}
