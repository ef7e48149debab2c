import type { AuthResponse } from '@meridian/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, sessions } from '../../db/schema.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';
import { ACCESS_CHANNEL } from './access.service.js';
import { until } from '../../test/poll.js';

/**
 * The rows behind a token are cached per instance and dropped when the database announces a
 * change (triggers → NOTIFY on commit → LISTEN). These tests change rows behind the API's back,
 * as another instance or an operator would.
 */
let server: TestServer;
let orgId: string;

beforeAll(async () => {
  server = await startTestServer();
  orgId = (await server.createOrganization('Acme Freight')).id;
});
afterAll(() => server.close());

const validate = (token: string) =>
  server.request('POST', '/api/auth/validate', { token }).then((response) => response.status);

/** The session id an access token carries. */
const sessionOf = (session: AuthResponse) =>
  (
    JSON.parse(Buffer.from(session.accessToken.split('.')[1] ?? '', 'base64url').toString()) as {
      sid: string;
    }
  ).sid;

/** Polls until the status is the one expected, for at most a second; answers how long it took. */
async function becomes(token: string, status: number): Promise<number> {
  const started = performance.now();
  await until(
    () => validate(token),
    (answered) => answered === status,
    { timeout: 1_000, interval: 10 },
  );
  return performance.now() - started;
}

describe('the access cache', () => {
  it('serves a known session without reading its rows, until the database announces a change', async () => {
    const user = await server.createUser({ organizationId: orgId, email: 'cached@acme.example' });
    const session = await server.login(user.email);
    expect(await validate(session.accessToken)).toBe(200);
    // Revoked with the triggers off: nothing is announced, so the cache still answers.
    await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.id, sessionOf(session)));
    });
    expect(await validate(session.accessToken)).toBe(200);
    // The announcement the trigger would have made drops it.
    await server.database.db.execute(sql`SELECT pg_notify(${ACCESS_CHANNEL}, ${user.id})`);
    expect(await becomes(session.accessToken, 401)).toBeLessThan(1_000);
  });

  it('hears a session revoked behind its back (another instance, an operator)', async () => {
    const user = await server.createUser({ organizationId: orgId, email: 'revoked@acme.example' });
    const session = await server.login(user.email);
    expect(await validate(session.accessToken)).toBe(200);
    await server.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, sessionOf(session)));
    expect(await becomes(session.accessToken, 401)).toBeLessThan(1_000);
  });

  it('hears an organization disabled behind its back', async () => {
    const other = await server.createOrganization('Soon Disabled');
    const user = await server.createUser({ organizationId: other.id, email: 'org@soon.example' });
    const session = await server.login(user.email);
    expect(await validate(session.accessToken)).toBe(200);
    await server.database.db
      .update(organizations)
      .set({ status: 'DISABLED' })
      .where(eq(organizations.id, other.id));
    expect(await becomes(session.accessToken, 403)).toBeLessThan(1_000);
  });

  it('ends a session revoked through the API at once, for the very next request', async () => {
    const user = await server.createUser({ organizationId: orgId, email: 'next@acme.example' });
    for (let round = 0; round < 20; round += 1) {
      const laptop = await server.login(user.email);
      const phone = await server.login(user.email);
      expect(await validate(laptop.accessToken)).toBe(200);
      const revoked = await server.request('DELETE', `/api/me/sessions/${sessionOf(laptop)}`, {
        token: phone.accessToken,
      });
      expect(revoked.status).toBe(200);
      expect(await validate(laptop.accessToken)).toBe(401);
    }
  });
});
