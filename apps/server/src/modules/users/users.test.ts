import { randomUUID } from 'node:crypto';
import type { UserListResponse, UserResponse } from '@meridian/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.js';
import { OWNER_EMAIL, type TestServer, startTestServer } from '../../test/test-server.js';

let server: TestServer;
let orgId: string;
let otherOrgId: string;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  orgId = (await server.createOrganization('Acme Freight')).id;
  otherOrgId = (await server.createOrganization('Globex Shipping')).id;
  for (const [name, adminRole] of [
    ['admin', 'ADMIN'],
    ['manager', 'MANAGER'],
    ['viewer', 'VIEWER'],
  ] as const) {
    ids[name] = (
      await server.createUser({ organizationId: orgId, email: `${name}@acme.example`, adminRole })
    ).id;
    tokens[name] = (await server.login(`${name}@acme.example`)).accessToken;
  }
  ids.other = (
    await server.createUser({
      organizationId: otherOrgId,
      email: 'admin@globex.example',
      adminRole: 'ADMIN',
    })
  ).id;
  tokens.other = (await server.login('admin@globex.example')).accessToken;
  tokens.owner = (await server.login(OWNER_EMAIL)).accessToken;
});
afterAll(() => server.close());

/** A throwaway member of Acme to change or delete. */
const newMember = async (email: string, adminRole: 'ADMIN' | 'VIEWER' = 'VIEWER') =>
  (await server.createUser({ organizationId: orgId, email, adminRole })).id;

describe('GET /api/admin/users', () => {
  it('lists the users of the caller organization only, with the spec fields', async () => {
    const response = await server.request<UserListResponse>('GET', '/api/admin/users?limit=50', {
      token: tokens.viewer,
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Users retrieved');
    const emails = response.body.data.users.map((user) => user.email);
    expect(emails).toEqual(
      expect.arrayContaining(['admin@acme.example', 'manager@acme.example', 'viewer@acme.example']),
    );
    expect(emails).not.toContain('admin@globex.example');
    expect(Object.keys(response.body.data.users[0] ?? {}).sort()).toEqual(
      [
        'accountStatus',
        'adminRole',
        'email',
        'firstName',
        'id',
        'lastLoginAt',
        'lastName',
        'organizationId',
        'role',
      ].sort(),
    );
  });

  it('honours limit, defaults to 50 and rejects out-of-range values', async () => {
    const one = await server.request<UserListResponse>('GET', '/api/admin/users?limit=1', {
      token: tokens.viewer,
    });
    expect(one.body.data.users).toHaveLength(1);
    const byDefault = await server.request<UserListResponse>('GET', '/api/admin/users', {
      token: tokens.viewer,
    });
    expect(byDefault.status).toBe(200);
    for (const limit of ['0', '101', 'abc', '1.5']) {
      const response = await server.request('GET', `/api/admin/users?limit=${limit}`, {
        token: tokens.viewer,
      });
      expect(response.status, limit).toBe(400);
      expect(response.body.message).toMatch(/^limit: /);
    }
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await server.request('GET', '/api/admin/users')).status).toBe(401);
  });
});

describe('GET /api/admin/users/:id', () => {
  it('returns a user of the same organization', async () => {
    const response = await server.request<UserResponse>('GET', `/api/admin/users/${ids.manager}`, {
      token: tokens.viewer,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      message: 'User retrieved',
      data: { id: ids.manager, email: 'manager@acme.example' },
    });
  });

  it('answers 404 for another organization user and for unknown ids, 400 for malformed ones', async () => {
    const other = await server.request('GET', `/api/admin/users/${ids.other}`, {
      token: tokens.admin,
    });
    expect(other).toMatchObject({ status: 404, body: { message: 'User not found' } });
    const unknown = await server.request(
      'GET',
      '/api/admin/users/00000000-0000-4000-8000-000000000000',
      { token: tokens.admin },
    );
    expect(unknown.status).toBe(404);
    const malformed = await server.request('GET', '/api/admin/users/not-a-uuid', {
      token: tokens.admin,
    });
    expect(malformed).toMatchObject({ status: 400, body: { message: 'id: id must be a UUID' } });
  });
});

describe('PUT /api/admin/users/:id', () => {
  it('lets an ADMIN change one field and answers the updated user', async () => {
    const id = await newMember('put-one@acme.example');
    const response = await server.request<UserResponse>('PUT', `/api/admin/users/${id}`, {
      token: tokens.admin,
      body: { adminRole: 'MANAGER' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      message: 'User updated',
      data: { id, adminRole: 'MANAGER' },
    });
    const status = await server.request<UserResponse>('PUT', `/api/admin/users/${id}`, {
      token: tokens.admin,
      body: { accountStatus: 'DEACTIVATED' },
    });
    expect(status.body.data.accountStatus).toBe('DEACTIVATED');
  });

  it('rejects mass assignment: unknown fields, several fields, no field, bad values', async () => {
    const id = await newMember('mass@acme.example');
    const cases: [unknown, RegExp][] = [
      [{ email: 'x@evil.example' }, /unknown field "email"/],
      [{ organizationId: otherOrgId }, /unknown field "organizationId"/],
      [{ adminRole: 'ADMIN', role: 'OWNER' }, /exactly one of/],
      [{}, /exactly one of/],
      [{ adminRole: 'GOD' }, /^adminRole: /],
      [{ accountStatus: 1 }, /^accountStatus: /],
    ];
    for (const [body, message] of cases) {
      const response = await server.request('PUT', `/api/admin/users/${id}`, {
        token: tokens.admin,
        body,
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toMatch(message);
    }
  });

  it('forbids MANAGER and VIEWER from changing users (403)', async () => {
    const id = await newMember('target@acme.example');
    for (const role of ['manager', 'viewer']) {
      const response = await server.request('PUT', `/api/admin/users/${id}`, {
        token: tokens[role],
        body: { adminRole: 'ADMIN' },
      });
      expect(response).toMatchObject({
        status: 403,
        body: { message: 'Only an organization admin can manage users' },
      });
    }
  });

  it('refuses changes to yourself (409)', async () => {
    const response = await server.request('PUT', `/api/admin/users/${ids.admin}`, {
      token: tokens.admin,
      body: { accountStatus: 'DEACTIVATED' },
    });
    expect(response).toMatchObject({
      status: 409,
      body: { message: 'You cannot change or delete your own account here' },
    });
  });

  it('refuses to demote or deactivate the last active ADMIN (409)', async () => {
    const org = await server.createOrganization('Solo Admin Co');
    const only = await server.createUser({
      organizationId: org.id,
      email: 'only@solo.example',
      adminRole: 'ADMIN',
    });
    const response = await server.request('PUT', `/api/admin/users/${only.id}`, {
      token: tokens.owner,
      headers: { 'x-act-as-organization': org.id },
      body: { adminRole: 'VIEWER' },
    });
    expect(response).toMatchObject({
      status: 409,
      body: { message: 'An organization needs at least one active admin' },
    });
  });

  it('keeps platform admin roles for platform admins', async () => {
    const id = await newMember('climber@acme.example');
    const response = await server.request('PUT', `/api/admin/users/${id}`, {
      token: tokens.admin,
      body: { role: 'OWNER' },
    });
    expect(response.status).toBe(403);
    const member = await server.request<UserResponse>('PUT', `/api/admin/users/${id}`, {
      token: tokens.admin,
      body: { role: 'GUEST' },
    });
    expect(member.body.data.role).toBe('GUEST');
  });

  it.each([
    ['an admin role change', { adminRole: 'MANAGER' }],
    ['a platform role change', { role: 'GUEST' }],
    ['deactivation', { accountStatus: 'DEACTIVATED' }],
    ['deletion', null],
  ])('ends the user sessions at once on %s', async (_change, body) => {
    const email = `session-${randomUUID()}@acme.example`;
    const id = await newMember(email);
    const session = await server.login(email);
    const change = await server.request(body ? 'PUT' : 'DELETE', `/api/admin/users/${id}`, {
      token: tokens.admin,
      ...(body ? { body } : {}),
    });
    expect(change.status).toBe(200);
    expect(
      (await server.request('POST', '/api/auth/validate', { token: session.accessToken })).status,
    ).toBe(401);
    expect(
      (
        await server.request('POST', '/api/auth/refresh', {
          body: { refreshToken: session.refreshToken },
        })
      ).status,
    ).toBe(401);
  });

  it('answers 404 for a user of another organization and changes nothing', async () => {
    const response = await server.request('PUT', `/api/admin/users/${ids.other}`, {
      token: tokens.admin,
      body: { accountStatus: 'DEACTIVATED' },
    });
    expect(response.status).toBe(404);
    const still = await server.request<UserResponse>('GET', `/api/admin/users/${ids.other}`, {
      token: tokens.other,
    });
    expect(still.body.data.accountStatus).toBe('ACTIVE');
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('deletes a user of the organization (ADMIN only) and records it in the audit log', async () => {
    const id = await newMember('bye@acme.example');
    expect(
      (await server.request('DELETE', `/api/admin/users/${id}`, { token: tokens.manager })).status,
    ).toBe(403);
    const response = await server.request('DELETE', `/api/admin/users/${id}`, {
      token: tokens.admin,
    });
    expect(response).toMatchObject({ status: 200, body: { message: 'User deleted' } });
    expect(
      (await server.request('GET', `/api/admin/users/${id}`, { token: tokens.admin })).status,
    ).toBe(404);
    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'user.delete',
        actorUserId: ids.admin,
        actingOrganizationId: orgId,
        after: null,
      }),
    ]);
    expect(audit[0]?.before).toMatchObject({ email: 'bye@acme.example' });
  });

  it('refuses deleting yourself or another organization user', async () => {
    expect(
      (await server.request('DELETE', `/api/admin/users/${ids.admin}`, { token: tokens.admin }))
        .status,
    ).toBe(409);
    expect(
      (await server.request('DELETE', `/api/admin/users/${ids.other}`, { token: tokens.admin }))
        .status,
    ).toBe(404);
  });
});
