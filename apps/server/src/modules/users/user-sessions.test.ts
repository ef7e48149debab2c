import type { SessionListResponse } from '@meridian/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.js';
import { TEST_PASSWORD, type TestServer, startTestServer } from '../../test/test-server.js';

let server: TestServer;
let acmeId: string;
let adminToken: string;

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

beforeAll(async () => {
  server = await startTestServer();
  acmeId = (await server.createOrganization('Acme Freight')).id;
  await server.createUser({
    organizationId: acmeId,
    email: 'admin@acme.example',
    adminRole: 'ADMIN',
  });
  adminToken = (await server.login('admin@acme.example')).accessToken;
});
afterAll(() => server.close());

const loginFrom = async (email: string, userAgent = CHROME_MAC) =>
  (
    await server.request<{ accessToken: string; refreshToken: string }>('POST', '/api/auth/login', {
      body: { email, password: TEST_PASSWORD },
      headers: { 'user-agent': userAgent },
    })
  ).body;

describe('DELETE /api/me/sessions', () => {
  it('signs out every other session at once and keeps this one', async () => {
    await server.createUser({ organizationId: acmeId, email: 'many@acme.example' });
    const here = await loginFrom('many@acme.example');
    const phone = await loginFrom('many@acme.example');
    const tablet = await loginFrom('many@acme.example');
    const listed = await server.request<SessionListResponse>('GET', '/api/me/sessions', {
      token: here.accessToken,
    });
    expect(listed.body.data.sessions).toHaveLength(3);
    expect(listed.body.data.sessions[0]).toMatchObject({
      device: 'Chrome on macOS',
      ip: '127.0.0.1',
    });

    const ended = await server.request('DELETE', '/api/me/sessions', { token: here.accessToken });
    expect(ended).toMatchObject({ status: 200, body: { message: 'Signed out 2 other sessions' } });
    for (const other of [phone, tablet]) {
      expect(
        (await server.request('GET', '/api/me/profile', { token: other.accessToken })).status,
      ).toBe(401);
      const refreshed = await server.request('POST', '/api/auth/refresh', {
        body: { refreshToken: other.refreshToken },
      });
      expect(refreshed.status).toBe(401);
    }
    expect(
      (await server.request('GET', '/api/me/profile', { token: here.accessToken })).status,
    ).toBe(200);
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'session.revoke_others'));
    expect(audits).toHaveLength(1);
  });
});

describe("a member's sessions on the team member page", () => {
  it('are listed for an admin, who signs one out: its access token stops at once', async () => {
    const member = await server.createUser({
      organizationId: acmeId,
      email: 'member@acme.example',
    });
    const laptop = await loginFrom('member@acme.example');
    const phone = await loginFrom(
      'member@acme.example',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    );
    const listed = await server.request<SessionListResponse>(
      'GET',
      `/api/admin/users/${member.id}/sessions`,
      { token: adminToken },
    );
    expect(listed.status).toBe(200);
    const devices = listed.body.data.sessions.map((session) => session.device).sort();
    expect(devices).toEqual(['Chrome on macOS', 'Safari on iOS']);
    const phoneSession = listed.body.data.sessions.find(
      (session) => session.device === 'Safari on iOS',
    );

    const revoked = await server.request(
      'DELETE',
      `/api/admin/users/${member.id}/sessions/${phoneSession?.id ?? ''}`,
      { token: adminToken },
    );
    expect(revoked).toMatchObject({ status: 200, body: { message: 'Session revoked' } });
    expect(
      (await server.request('GET', '/api/me/profile', { token: phone.accessToken })).status,
    ).toBe(401);
    expect(
      (await server.request('GET', '/api/me/profile', { token: laptop.accessToken })).status,
    ).toBe(200);
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'session.revoke'), eq(auditLog.targetId, phoneSession?.id ?? '')),
      );
    expect(audits).toHaveLength(1);

    // Once gone, or never this member's: 404.
    const again = await server.request(
      'DELETE',
      `/api/admin/users/${member.id}/sessions/${phoneSession?.id ?? ''}`,
      { token: adminToken },
    );
    expect(again).toMatchObject({ status: 404, body: { message: 'Session not found' } });
  });

  it("refuses a viewer (403), another organization's admin (404) and someone else's session (404)", async () => {
    const member = await server.createUser({
      organizationId: acmeId,
      email: 'guarded@acme.example',
    });
    await loginFrom('guarded@acme.example');
    await server.createUser({ organizationId: acmeId, email: 'viewer@acme.example' });
    const viewer = await server.login('viewer@acme.example');
    const globex = (await server.createOrganization('Globex')).id;
    await server.createUser({
      organizationId: globex,
      email: 'admin@globex.example',
      adminRole: 'ADMIN',
    });
    const stranger = await server.login('admin@globex.example');

    const path = `/api/admin/users/${member.id}/sessions`;
    expect((await server.request('GET', path, { token: viewer.accessToken })).status).toBe(403);
    expect((await server.request('GET', path, { token: stranger.accessToken })).status).toBe(404);
    // The admin's own session named under the member: not theirs to end.
    const ownSessions = await server.request<SessionListResponse>('GET', '/api/me/sessions', {
      token: adminToken,
    });
    const adminSession = ownSessions.body.data.sessions[0]?.id ?? '';
    const crossed = await server.request('DELETE', `${path}/${adminSession}`, {
      token: adminToken,
    });
    expect(crossed.status).toBe(404);
    expect((await server.request('GET', '/api/me/profile', { token: adminToken })).status).toBe(
      200,
    );
    const malformed = await server.request('DELETE', `${path}/not-a-uuid`, { token: adminToken });
    expect(malformed).toMatchObject({
      status: 400,
      body: { message: 'sessionId: sessionId must be a UUID' },
    });
  });
});
