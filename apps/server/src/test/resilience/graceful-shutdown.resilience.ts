import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  OWNER_EMAIL,
  OWNER_PASSWORD,
  type Response,
  call,
  pgliteDirectory,
  signIn,
  startServer,
} from './server-process.js';

type Written = Response<{ data: { organization: { id: string } } }>;

/** pg_control's DBState (src/include/catalog/pg_control.h): 1 = shut down cleanly. */
const DB_SHUTDOWNED = 1;
const clusterState = (dataDir: string) =>
  readFileSync(path.join(dataDir, 'global', 'pg_control')).readInt32LE(16);

describe('graceful shutdown on SIGTERM', () => {
  const directory = pgliteDirectory();
  afterAll(() => directory.drop());

  it('lets in-flight requests finish, then closes the database cleanly', async () => {
    const database = directory.value;
    if (database.kind !== 'pglite') throw new Error('expected the embedded database');
    // Debug level logs each request as it arrives, so the signal can wait until all have.
    const server = await startServer(database, { LOG_LEVEL: 'debug' });
    const arrived = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('incoming request') && !line.includes('/api/health'))
        .length;
    const { accessToken } = await signIn(server.url);

    // Sign-ins are slow on purpose (argon2id, at most four at once): good in-flight work.
    // Four, from one client: the throttle counts a check in progress as a failure until it
    // succeeds, so more than five at once for one account and IP would be refused by design.
    // The log that says they arrived can come late on a busy machine, after every answer: then
    // the round proves nothing about shutdown, and another one is sent.
    type Sent = { logins: Promise<Response<unknown>>[]; writes: Promise<Written>[] };
    let sent: Sent | null = null;
    for (let round = 0; round < 5 && !sent; round += 1) {
      const before = arrived();
      const logins = Array.from({ length: 4 }, () =>
        call(server.url, 'POST', '/api/auth/login', {
          body: { email: OWNER_EMAIL, password: OWNER_PASSWORD },
        }),
      );
      const writes = Array.from({ length: 4 }, (_, i) =>
        call<Written['body']>(server.url, 'POST', '/api/admin/organizations', {
          token: accessToken,
          body: { name: `Shutdown ${round}.${i}`, slug: `shutdown-${round}-${i}` },
        }),
      );
      // In flight = received by the server: 4 sign-ins + 4 writes.
      while (arrived() < before + 8) await new Promise((resolve) => setTimeout(resolve, 5));
      let answered = 0;
      for (const request of [...logins, ...writes]) void request.then(() => (answered += 1));
      await Promise.resolve();
      if (answered < 8) sent = { logins, writes };
      else await Promise.all([...logins, ...writes]);
    }
    if (!sent)
      throw new Error('every request was answered before the signal, five rounds in a row');
    const { logins, writes } = sent;
    const exitCode = server.stop('SIGTERM');

    expect((await Promise.all(logins)).map((response) => response.status)).toEqual(
      Array<number>(4).fill(200),
    );
    const written = await Promise.all(writes);
    expect(written.map((response) => response.status)).toEqual([201, 201, 201, 201]);
    expect(await exitCode).toBe(0);
    expect(server.output()).toContain('shutting down');
    expect(server.output()).not.toContain('shutdown failed');
    expect(clusterState(database.dataDir)).toBe(DB_SHUTDOWNED);

    // New connections are refused once it is gone, and everything it acknowledged is kept.
    await expect(call(server.url, 'GET', '/api/health')).rejects.toThrow();
    const again = await startServer(database);
    try {
      const token = (await signIn(again.url)).accessToken;
      for (const response of written) {
        const id = response.body.data.organization.id;
        expect(
          (await call(again.url, 'GET', `/api/admin/organizations/${id}`, { token })).status,
        ).toBe(200);
      }
    } finally {
      await again.stop('SIGKILL');
    }
    // A kill, by contrast, leaves the cluster marked as running: the check above can fail.
    expect(clusterState(database.dataDir)).not.toBe(DB_SHUTDOWNED);
  });
});
