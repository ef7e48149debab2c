import type { User, UserListResponse } from '@meridian/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';
import { USERS_CHANNEL } from './users.service.js';

/**
 * Each instance keeps the user list's bodies per organization and query, and drops an
 * organization's when the database announces a change to its users (triggers → NOTIFY on
 * commit → LISTEN). These tests change users through the API, which must show on the very next
 * request, and behind the API's back (plain SQL, as another instance or an operator would).
 */
let server: TestServer;
let orgId: string;
let otherOrgId: string;
let adminToken: string;
let otherToken: string;

beforeAll(async () => {
  server = await startTestServer();
  orgId = (await server.createOrganization('Acme Freight')).id;
  otherOrgId = (await server.createOrganization('Globex Shipping')).id;
  await server.createUser({
    organizationId: orgId,
    email: 'boss@acme.example',
    adminRole: 'ADMIN',
  });
  for (let i = 1; i <= 6; i += 1)
    await server.createUser({ organizationId: orgId, email: `member-${i}@acme.example` });
  await server.createUser({
    organizationId: otherOrgId,
    email: 'boss@globex.example',
    adminRole: 'ADMIN',
  });
  adminToken = (await server.login('boss@acme.example')).accessToken;
  otherToken = (await server.login('boss@globex.example')).accessToken;
});
afterAll(() => server.close());

const list = async (query = '', token = adminToken) => {
  const response = await server.request<UserListResponse>('GET', `/api/admin/users?${query}`, {
    token,
  });
  expect(response.status).toBe(200);
  return response.body.data;
};

const find = async (email: string, query = '', token = adminToken): Promise<User | undefined> =>
  (await list(query, token)).users.find((user) => user.email === email);

const update = (id: string, change: Record<string, string>) =>
  server
    .request('PUT', `/api/admin/users/${id}`, { token: adminToken, body: change })
    .then((response) => expect(response.status).toBe(200));

/** Another instance hears of a change within milliseconds: a second is plenty. */
const WITHIN_A_SECOND = { timeout: 1_000, interval: 10 };

/** Renames a user with the triggers off: nothing is announced. */
const renameUnannounced = (email: string, firstName: string) =>
  server.database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.update(users).set({ firstName }).where(eq(users.email, email));
  });

describe('the user list cache', () => {
  it('serves a kept list without reading the rows, until the database announces a change', async () => {
    expect((await find('member-1@acme.example'))?.firstName).toBe('member-1');
    await renameUnannounced('member-1@acme.example', 'Unannounced');
    expect((await find('member-1@acme.example'))?.firstName).toBe('member-1');
    // The announcement the trigger would have made drops it.
    await server.database.db.execute(sql`SELECT pg_notify(${USERS_CHANNEL}, ${orgId})`);
    await expect
      .poll(
        async () => (await find('member-1@acme.example'))?.firstName === 'Unannounced',
        WITHIN_A_SECOND,
      )
      .toBe(true);

    await renameUnannounced('member-1@acme.example', 'Everyone');
    await server.database.db.execute(sql`SELECT pg_notify(${USERS_CHANNEL}, '*')`);
    await expect
      .poll(
        async () => (await find('member-1@acme.example'))?.firstName === 'Everyone',
        WITHIN_A_SECOND,
      )
      .toBe(true);
  });

  it("keeps an organization's list through another organization's changes", async () => {
    expect((await find('member-2@acme.example'))?.firstName).toBe('member-2');
    expect(await find('boss@globex.example', '', otherToken)).toBeDefined();
    await renameUnannounced('member-2@acme.example', 'Kept');
    await server.createUser({ organizationId: otherOrgId, email: 'new@globex.example' });
    await expect
      .poll(
        async () => (await find('new@globex.example', '', otherToken)) !== undefined,
        WITHIN_A_SECOND,
      )
      .toBe(true);
    expect((await find('member-2@acme.example'))?.firstName).toBe('member-2');
    // Acme's own announcement is what drops Acme's list.
    await server.database.db.execute(sql`SELECT pg_notify(${USERS_CHANNEL}, ${orgId})`);
    await expect
      .poll(
        async () => (await find('member-2@acme.example'))?.firstName === 'Kept',
        WITHIN_A_SECOND,
      )
      .toBe(true);
  });

  it('shows a role change made through the API on the very next request', async () => {
    const member = await find('member-3@acme.example');
    if (!member) throw new Error('member-3 is listed');
    for (let round = 0; round < 20; round += 1) {
      const adminRole = round % 2 === 0 ? 'MANAGER' : 'VIEWER';
      await update(member.id, { adminRole });
      expect((await find(member.email))?.adminRole).toBe(adminRole);
      expect((await find(member.email, `adminRole=${adminRole}`))?.adminRole).toBe(adminRole);
    }
  });

  it('shows a new invitee and a deleted user on the very next request', async () => {
    const before = await list();
    const invited = await server.request('POST', '/api/admin/invitations', {
      token: adminToken,
      body: { email: 'invitee@acme.example' },
    });
    expect(invited.status).toBe(201);
    const after = await list();
    expect(after.total).toBe(before.total + 1);
    expect(after.users.find((user) => user.email === 'invitee@acme.example')).toMatchObject({
      accountStatus: 'PENDING',
    });
    const invitee = after.users.find((user) => user.email === 'invitee@acme.example');
    const deleted = await server.request('DELETE', `/api/admin/users/${invitee?.id}`, {
      token: adminToken,
    });
    expect(deleted.status).toBe(200);
    expect(await find('invitee@acme.example')).toBeUndefined();
    expect((await list()).total).toBe(before.total);
  });

  it('shows a deactivation on the very next request under every search, filter, sort and cursor', async () => {
    const email = 'member-4@acme.example';
    // The page of two (in the default order) that holds the member, reached by its cursor.
    let cursorQuery = 'limit=2';
    for (;;) {
      const page = await list(cursorQuery);
      if (page.users.some((user) => user.email === email)) break;
      expect(page.nextCursor).not.toBeNull();
      cursorQuery = `limit=2&cursor=${encodeURIComponent(page.nextCursor ?? '')}`;
    }
    const listing = [
      '',
      'q=member-4',
      'sort=name&direction=desc',
      'sort=email',
      'sort=lastLoginAt&direction=desc',
      'adminRole=VIEWER&role=MEMBER',
      cursorQuery,
    ];
    for (const query of listing) expect((await find(email, query))?.accountStatus).toBe('ACTIVE');
    const active = await list('status=ACTIVE');
    expect(active.users.map((user) => user.email)).toContain(email);
    expect(await find(email, 'status=DEACTIVATED')).toBeUndefined();

    const member = await find(email);
    await update(member?.id ?? '', { accountStatus: 'DEACTIVATED' });

    for (const query of listing)
      expect((await find(email, query))?.accountStatus, query).toBe('DEACTIVATED');
    const stillActive = await list('status=ACTIVE');
    expect(stillActive.users.map((user) => user.email)).not.toContain(email);
    expect(stillActive.total).toBe(active.total - 1);
    expect((await find(email, 'status=DEACTIVATED'))?.accountStatus).toBe('DEACTIVATED');
  });

  it('hears users added, changed and removed behind its back (another instance, an operator)', async () => {
    expect(await find('late@acme.example')).toBeUndefined();
    const late = await server.createUser({ organizationId: orgId, email: 'late@acme.example' });
    await expect
      .poll(async () => (await find(late.email)) !== undefined, WITHIN_A_SECOND)
      .toBe(true);

    await server.database.db.update(users).set({ role: 'GUEST' }).where(eq(users.id, late.id));
    await expect
      .poll(async () => (await find(late.email))?.role === 'GUEST', WITHIN_A_SECOND)
      .toBe(true);

    await server.database.db.delete(users).where(eq(users.id, late.id));
    await expect
      .poll(async () => (await find(late.email)) === undefined, WITHIN_A_SECOND)
      .toBe(true);
  });

  it('hears a user moved to another organization by both organizations', async () => {
    const moving = await server.createUser({ organizationId: orgId, email: 'moving@acme.example' });
    await expect
      .poll(async () => (await find(moving.email)) !== undefined, WITHIN_A_SECOND)
      .toBe(true);
    expect(await find(moving.email, '', otherToken)).toBeUndefined();
    await server.database.db
      .update(users)
      .set({ organizationId: otherOrgId })
      .where(eq(users.id, moving.id));
    await expect
      .poll(async () => (await find(moving.email)) === undefined, WITHIN_A_SECOND)
      .toBe(true);
    await expect
      .poll(async () => (await find(moving.email, '', otherToken)) !== undefined, WITHIN_A_SECOND)
      .toBe(true);
  });
});
