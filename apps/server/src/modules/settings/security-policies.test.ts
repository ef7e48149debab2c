import { request as httpRequest } from 'node:http';
import type { AuthResponse, SecuritySettings } from '@meridian/contracts';
import { DEFAULT_SECURITY_SETTINGS } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organizations, sessions } from '../../db/schema.js';
import { OWNER_EMAIL, type TestServer, startTestServer } from '../../test/test-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A request over real HTTP from a chosen loopback address: what the allow list sees. */
function fromAddress(
  localAddress: string,
  method: string,
  path: string,
  options: { token: string; body?: unknown; actAs?: string },
): Promise<{ status: number; body: { message?: string } & Record<string, unknown> }> {
  const url = new URL(path, server.url);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      {
        method,
        localAddress,
        headers: {
          authorization: `Bearer ${options.token}`,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.actAs ? { 'x-act-as-organization': options.actAs } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: (text ? JSON.parse(text) : {}) as { message?: string },
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

async function organizationWithAdmin(name: string, slugPart: string) {
  const organization = await server.createOrganization(name);
  const admin = `admin@${slugPart}.example`;
  const member = `member@${slugPart}.example`;
  await server.createUser({ organizationId: organization.id, email: admin, adminRole: 'ADMIN' });
  await server.createUser({ organizationId: organization.id, email: member, adminRole: 'VIEWER' });
  return {
    id: organization.id,
    admin: await server.login(admin),
    member: await server.login(member),
  };
}

const saveSecurity = (token: string, change: Partial<SecuritySettings>) =>
  server.request('PUT', '/api/admin/settings/security', {
    token,
    body: { ...DEFAULT_SECURITY_SETTINGS, ...change },
  });

describe('the IP allow list', () => {
  it('refuses malformed entries, an oversized list and an empty one, saving nothing', async () => {
    const { admin } = await organizationWithAdmin('Malformed Freight', 'malformed');
    const token = admin.accessToken;
    const malformed = await saveSecurity(token, {
      ipWhitelist: true,
      ipAllowList: ['127.0.0.1', '10.0.0.300', '2001:db8::/129', 'not-an-ip'],
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(
      `ipAllowList.1: ${API_MESSAGES.settings.invalidAddress('10.0.0.300')} (and 2 more)`,
    );
    const huge = await saveSecurity(token, {
      ipWhitelist: true,
      ipAllowList: Array.from({ length: 10_000 }, (_, i) => `10.${i >> 8}.${i & 255}.0/24`),
    });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toMatch(/ipAllowList: at most 500 addresses or ranges/);
    const empty = await saveSecurity(token, { ipWhitelist: true, ipAllowList: [] });
    expect(empty).toMatchObject({
      status: 400,
      body: { message: API_MESSAGES.settings.emptyAllowList },
    });
    const stored = await server.request<{ data: SecuritySettings }>(
      'GET',
      '/api/admin/settings/security',
      { token },
    );
    expect(stored.body.data).toEqual(DEFAULT_SECURITY_SETTINGS);
    // 500 ranges of both families are fine.
    const full = await saveSecurity(token, {
      ipAllowList: [
        '127.0.0.1',
        '2001:db8::/32',
        ...Array.from({ length: 498 }, (_, i) => `10.${i >> 8}.${i & 255}.0/24`),
      ],
    });
    expect(full.status).toBe(200);
  });

  it("refuses a list that leaves out the admin's own address, with the reason", async () => {
    const { admin } = await organizationWithAdmin('Careful Freight', 'careful');
    const response = await fromAddress('127.0.0.3', 'PUT', '/api/admin/settings/security', {
      token: admin.accessToken,
      body: { ...DEFAULT_SECURITY_SETTINGS, ipWhitelist: true, ipAllowList: ['127.0.0.2'] },
    });
    expect(response).toMatchObject({
      status: 400,
      body: { message: API_MESSAGES.settings.selfLockout('127.0.0.3') },
    });
  });

  it('answers 403 to requests from elsewhere, but not to platform staff acting as the organization (audited)', async () => {
    const { id, admin, member } = await organizationWithAdmin('Fenced Freight', 'fenced');
    const saved = await fromAddress('127.0.0.2', 'PUT', '/api/admin/settings/security', {
      token: admin.accessToken,
      body: {
        ...DEFAULT_SECURITY_SETTINGS,
        ipWhitelist: true,
        ipAllowList: ['127.0.0.2/32', '2001:db8::/32'],
      },
    });
    expect(saved.status).toBe(200);
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.security.update'), eq(auditLog.targetId, id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.after).toMatchObject({
      ipWhitelist: true,
      ipAllowList: ['127.0.0.2/32', '2001:db8::/32'],
    });

    const inside = await fromAddress('127.0.0.2', 'GET', '/api/me/profile', {
      token: member.accessToken,
    });
    expect(inside.status).toBe(200);
    const outside = await fromAddress('127.0.0.3', 'GET', '/api/me/profile', {
      token: member.accessToken,
    });
    expect(outside).toMatchObject({
      status: 403,
      body: { message: API_MESSAGES.access.addressNotAllowed('127.0.0.3') },
    });

    const owner = await server.login(OWNER_EMAIL);
    const staff = await fromAddress('127.0.0.3', 'GET', '/api/admin/settings/security', {
      token: owner.accessToken,
      actAs: id,
    });
    expect(staff.status).toBe(200);
    const actAs = await server.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actingOrganizationId, id),
          eq(auditLog.action, 'act-as GET /api/admin/settings/security'),
        ),
      );
    expect(actAs).toHaveLength(1);

    // Turned off again (from inside), the list no longer holds anyone back.
    expect(
      (
        await fromAddress('127.0.0.2', 'PUT', '/api/admin/settings/security', {
          token: admin.accessToken,
          body: { ...DEFAULT_SECURITY_SETTINGS, ipAllowList: ['127.0.0.2/32'] },
        })
      ).status,
    ).toBe(200);
    const later = await fromAddress('127.0.0.3', 'GET', '/api/me/profile', {
      token: member.accessToken,
    });
    expect(later.status).toBe(200);
  });
});

describe('the session timeout', () => {
  const refresh = (refreshToken: string | undefined) =>
    server.request<AuthResponse>('POST', '/api/auth/refresh', { body: { refreshToken } });
  const idle = (sessionId: string, hours: number) =>
    server.database.db
      .update(sessions)
      .set({ lastUsedAt: new Date(Date.now() - hours * 3_600_000) })
      .where(eq(sessions.id, sessionId));
  const sessionIdOf = (accessToken: string) =>
    (
      JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as {
        sid: string;
      }
    ).sid;

  it('refuses a refresh after 8 hours without activity, and ends that session', async () => {
    const { member } = await organizationWithAdmin('Sleepy Freight', 'sleepy');
    await idle(sessionIdOf(member.accessToken), 7.9);
    const active = await refresh(member.refreshToken);
    expect(active.status).toBe(200);
    await idle(sessionIdOf(member.accessToken), 8.1);
    const late = await refresh(active.body.refreshToken);
    expect(late).toMatchObject({
      status: 401,
      body: { message: API_MESSAGES.session.idleTimeout },
    });
    const afterwards = await server.request('GET', '/api/me/profile', {
      token: active.body.accessToken,
    });
    expect(afterwards.status).toBe(401);
  });

  it('lets an idle session refresh when the organization turned the timeout off', async () => {
    const { admin, member } = await organizationWithAdmin('Relaxed Freight', 'relaxed');
    expect((await saveSecurity(admin.accessToken, { sessionTimeout: false })).status).toBe(200);
    await idle(sessionIdOf(member.accessToken), 24);
    expect((await refresh(member.refreshToken)).status).toBe(200);
  });
});

describe('member requests', () => {
  const accountRequest = (email: string) =>
    server.request('POST', '/api/account-requests', {
      body: {
        email,
        address1: '1 Harbor Way',
        city: 'Chicago',
        state: 'IL',
        postalCode: '60601',
        country: 'United States',
      },
    });

  it("refuses account requests at the organization's domain while they are off", async () => {
    const { id, admin } = await organizationWithAdmin('Closed Freight', 'closed');
    await server.database.db
      .update(organizations)
      .set({ domain: 'closed-freight.example' })
      .where(eq(organizations.id, id));
    const refused = await accountRequest('newcomer@Closed-Freight.example');
    expect(refused).toMatchObject({
      status: 403,
      body: { message: API_MESSAGES.accountRequest.requestsClosed('closed-freight.example') },
    });
    // Other domains are not concerned.
    expect((await accountRequest('someone@elsewhere-freight.example')).status).toBe(201);
    expect((await saveSecurity(admin.accessToken, { memberRequests: true })).status).toBe(200);
    expect((await accountRequest('newcomer@closed-freight.example')).status).toBe(201);
  });
});
