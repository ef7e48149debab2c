import {
  ACCOUNT_STATUSES,
  ADMIN_ROLES,
  PLATFORM_ROLES,
  USER_SORTS,
  type User,
  type UserListResponse,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { cursors } from '../../lib/cursor.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';

/** More members than one page of 50 holds, as in the issue: an organization of 63 people. */
const MEMBERS = 63;

let server: TestServer;
let orgId: string;
let adminToken: string;
let otherToken: string;
let ownerToken: string;

const number = (i: number) => String(i).padStart(2, '0');

beforeAll(async () => {
  server = await startTestServer();
  orgId = (await server.createOrganization('Acme Freight')).id;
  const otherId = (await server.createOrganization('Globex Shipping')).id;
  const hour = 3_600_000;
  for (let i = 1; i <= MEMBERS; i++) {
    await server.createUser({
      organizationId: orgId,
      email: `member-${number(i)}@acme.example`,
      adminRole: ADMIN_ROLES[i % 3],
      role: i % 10 === 0 ? 'GUEST' : 'MEMBER',
      accountStatus: i % 7 === 0 ? 'DEACTIVATED' : i % 9 === 0 ? 'PENDING' : 'ACTIVE',
      // Every fourth member never signed in; the others at distinct times.
      lastLoginAt: i % 4 === 0 ? null : new Date(Date.UTC(2026, 0, 1) + ((i * 37) % 61) * hour),
    });
  }
  await server.createUser({
    organizationId: orgId,
    email: 'boss@acme.example',
    adminRole: 'ADMIN',
  });
  await server.createUser({ organizationId: otherId, email: 'member-01@globex.example' });
  await server.createUser({ organizationId: otherId, email: 'boss@globex.example' });
  const { db } = server.database;
  // Names people have, some with LIKE's wildcards, and one person invited without a name yet.
  const rename = (email: string, firstName: string, lastName: string) =>
    db.update(users).set({ firstName, lastName }).where(eq(users.email, email));
  await rename('member-07@acme.example', 'Ada', 'Lovelace');
  await rename('member-57@acme.example', 'Grace', 'Hopper');
  await rename('member-12@acme.example', '100%', 'Sure');
  await rename('member-13@acme.example', 'Snake_Case', 'Fan');
  await rename('member-14@acme.example', '', '');
  // Ten members created within one microsecond and a few within one millisecond: the order
  // and the cursor must hold on ties and on digits a JavaScript Date cannot keep.
  await db
    .update(users)
    .set({ createdAt: sql`'2026-02-01T00:00:00.123456Z'::timestamptz` })
    .where(
      inArray(
        users.email,
        Array.from({ length: 10 }, (_, i) => `member-${number(20 + i)}@acme.example`),
      ),
    );
  for (const [i, micros] of [
    [30, '001'],
    [31, '999'],
    [32, '500'],
  ] as const) {
    await db
      .update(users)
      .set({ createdAt: sql`${`2026-02-01T00:00:00.124${micros}Z`}::timestamptz` })
      .where(eq(users.email, `member-${i}@acme.example`));
  }
  adminToken = (await server.login('boss@acme.example')).accessToken;
  otherToken = (await server.login('boss@globex.example')).accessToken;
  ownerToken = (await server.login('owner@meridian.local')).accessToken;
});
afterAll(() => server.close());

const list = (query: string, token = adminToken) =>
  server.request<UserListResponse>('GET', `/api/admin/users${query ? `?${query}` : ''}`, {
    token,
  });

/** Every user the query finds, page after page, checking each page's size and total. */
async function pageThrough(query: string, limit: number): Promise<User[]> {
  const seen: User[] = [];
  let cursor: string | null = null;
  let total: number | undefined;
  let pages = 0;
  do {
    // A cursor that led back to an earlier page would loop for ever.
    expect(++pages).toBeLessThan(100);
    const params = new URLSearchParams(query);
    params.set('limit', String(limit));
    if (cursor) params.set('cursor', cursor);
    const response = await list(params.toString());
    expect(response.status).toBe(200);
    const { data } = response.body;
    expect(data.users.length).toBeLessThanOrEqual(limit);
    total ??= data.total;
    expect(data.total).toBe(total);
    seen.push(...data.users);
    cursor = data.nextCursor;
    if (cursor) expect(data.users).toHaveLength(limit);
  } while (cursor);
  expect(seen).toHaveLength(total ?? 0);
  return seen;
}

const emails = (list: readonly User[]) => list.map((user) => user.email);
const listedName = (user: User) =>
  (`${user.firstName} ${user.lastName}`.trim() || user.email).toLowerCase();
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('GET /api/admin/users: pages', () => {
  it('serves 50 by default, says the total and reaches the 51st and later with the cursor', async () => {
    const first = await list('');
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Users retrieved');
    expect(first.body.data.users).toHaveLength(50);
    expect(first.body.data.total).toBe(MEMBERS + 1);
    expect(first.body.data.nextCursor).toEqual(expect.any(String));

    const second = await list(`cursor=${encodeURIComponent(first.body.data.nextCursor ?? '')}`);
    expect(second.status).toBe(200);
    expect(second.body.data.users).toHaveLength(MEMBERS + 1 - 50);
    expect(second.body.data.nextCursor).toBeNull();
    const all = [...emails(first.body.data.users), ...emails(second.body.data.users)];
    expect(new Set(all).size).toBe(MEMBERS + 1);
    expect(all).not.toContain('member-01@globex.example');
  });

  it.each(USER_SORTS.flatMap((sort) => [`${sort} asc`, `${sort} desc`]))(
    'pages through every user exactly once, in the order of one big page, sorted by %s',
    async (order) => {
      const [sort, direction] = order.split(' ');
      const query = `sort=${sort}&direction=${direction}`;
      const whole = await list(`${query}&limit=100`);
      expect(whole.body.data.nextCursor).toBeNull();
      const paged = await pageThrough(query, 7);
      expect(emails(paged)).toEqual(emails(whole.body.data.users));
      expect(new Set(emails(paged)).size).toBe(MEMBERS + 1);
    },
  );

  it('sorts by the listed name (the e-mail while there is none), e-mail and last sign-in', async () => {
    const byName = (await list('sort=name&limit=100')).body.data.users;
    const names = byName.map(listedName);
    expect(names).toEqual([...names].sort(compare));
    expect(names[0]).toBe('100% sure');
    expect(names).toContain('member-14@acme.example');

    const byEmail = emails((await list('sort=email&direction=desc&limit=100')).body.data.users);
    expect(byEmail).toEqual([...byEmail].sort(compare).reverse());

    const recentFirst = (await list('sort=lastLoginAt&direction=desc&limit=100')).body.data.users;
    const times = recentFirst.map((user) => user.lastLoginAt);
    const signedIn = times.filter((time): time is string => time !== null);
    expect(signedIn).toEqual([...signedIn].sort(compare).reverse());
    // Those who never signed in come after everyone who did.
    expect(times.slice(signedIn.length).every((time) => time === null)).toBe(true);
  });
});

describe('GET /api/admin/users: search and filters', () => {
  it('finds people by part of the first name, last name, full name or e-mail, ignoring case', async () => {
    for (const [q, expected] of [
      ['grace', ['member-57@acme.example']],
      ['HOPPER', ['member-57@acme.example']],
      ['ada lovelace', ['member-07@acme.example']],
      ['member-57@', ['member-57@acme.example']],
      ['nobody-by-that-name', []],
    ] as const) {
      const response = await list(`q=${encodeURIComponent(q)}`);
      expect(response.status).toBe(200);
      expect(emails(response.body.data.users)).toEqual(expected);
      expect(response.body.data.total).toBe(expected.length);
    }
    const blank = await list('q=%20%20');
    expect(blank.body.data.total).toBe(MEMBERS + 1);
  });

  it("matches LIKE's wildcards literally", async () => {
    const find = async (q: string) =>
      emails((await list(`q=${encodeURIComponent(q)}`)).body.data.users);
    expect(await find('%')).toEqual(['member-12@acme.example']);
    expect(await find('_')).toEqual(['member-13@acme.example']);
    expect(await find('\\')).toEqual([]);
  });

  it('filters by admin role, platform role and account status, alone and together', async () => {
    const members = Array.from({ length: MEMBERS }, (_, index) => index + 1);
    const boss = { adminRole: 'ADMIN', role: 'MEMBER', status: 'ACTIVE' };
    const expectedCount = (test: (i: number) => boolean, bossMatches: boolean) =>
      members.filter(test).length + (bossMatches ? 1 : 0);
    const statusOf = (i: number) =>
      i % 7 === 0 ? 'DEACTIVATED' : i % 9 === 0 ? 'PENDING' : 'ACTIVE';

    for (const adminRole of ADMIN_ROLES) {
      const found = await pageThrough(`adminRole=${adminRole}`, 20);
      expect(found.every((user) => user.adminRole === adminRole)).toBe(true);
      expect(found).toHaveLength(
        expectedCount((i) => ADMIN_ROLES[i % 3] === adminRole, boss.adminRole === adminRole),
      );
    }
    for (const role of PLATFORM_ROLES) {
      const found = (await list(`role=${role}&limit=100`)).body.data.users;
      expect(found.every((user) => user.role === role)).toBe(true);
      expect(found).toHaveLength(
        expectedCount((i) => (i % 10 === 0 ? 'GUEST' : 'MEMBER') === role, boss.role === role),
      );
    }
    for (const status of ACCOUNT_STATUSES) {
      const found = (await list(`status=${status}&limit=100`)).body.data.users;
      expect(found.every((user) => user.accountStatus === status)).toBe(true);
      expect(found).toHaveLength(
        expectedCount((i) => statusOf(i) === status, boss.status === status),
      );
    }

    const together = await list('adminRole=MANAGER&status=ACTIVE&q=member-1');
    expect(emails(together.body.data.users).sort()).toEqual(
      members
        .filter((i) => i >= 10 && i <= 19)
        .filter((i) => ADMIN_ROLES[i % 3] === 'MANAGER' && statusOf(i) === 'ACTIVE')
        .map((i) => `member-${number(i)}@acme.example`),
    );
    expect(together.body.data.total).toBe(together.body.data.users.length);
  });

  it('lists only the active organization: another organization sees its own people, a platform admin acting as Acme sees Acme', async () => {
    const other = await list('q=member-01', otherToken);
    expect(emails(other.body.data.users)).toEqual(['member-01@globex.example']);
    const actingAs = await server.request<UserListResponse>('GET', '/api/admin/users?q=member-01', {
      token: ownerToken,
      headers: { 'x-act-as-organization': orgId },
    });
    expect(emails(actingAs.body.data.users)).toEqual(['member-01@acme.example']);
  });
});

describe('GET /api/admin/users: bad input', () => {
  it.each([
    ['limit=0', 'limit: limit must be between 1 and 100'],
    ['limit=101', 'limit: limit must be between 1 and 100'],
    ['adminRole=BOSS', 'adminRole: adminRole must be one of VIEWER, MANAGER, ADMIN'],
    ['role=KING', 'role: role must be one of GUEST, MEMBER, ADMIN, OWNER'],
    ['status=GONE', 'status: status must be one of ACTIVE, PENDING, DEACTIVATED'],
    ['sort=age', 'sort: sort must be one of name, email, lastLoginAt, createdAt'],
    ['direction=up', 'direction: direction must be asc or desc'],
    [`q=${'x'.repeat(201)}`, 'q: q must be at most 200 characters'],
    ['page=2', 'query: unknown field "page"'],
    ['cursor=not-a-cursor', API_MESSAGES.cursor.invalid],
  ])('answers 400 with a message to %s', async (query, message) => {
    const response = await list(query);
    expect(response).toMatchObject({ status: 400, body: { message } });
  });

  it('refuses a cursor of another query, and a forged position, with 400', async () => {
    const first = await list('sort=name&limit=5');
    const cursor = encodeURIComponent(first.body.data.nextCursor ?? '');
    expect((await list(`sort=name&limit=5&cursor=${cursor}`)).status).toBe(200);
    // The page size may change between pages; the search, filters and sort may not.
    expect((await list(`sort=name&limit=9&cursor=${cursor}`)).status).toBe(200);
    for (const other of ['sort=email', 'sort=name&direction=desc', 'sort=name&status=ACTIVE']) {
      expect(await list(`${other}&limit=5&cursor=${cursor}`)).toMatchObject({
        status: 400,
        body: { message: API_MESSAGES.cursor.otherQuery },
      });
    }
    // The same cursor is someone else's query in another organization.
    expect((await list(`sort=name&limit=5&cursor=${cursor}`, otherToken)).status).toBe(400);

    // Positions nobody's page ended at: refused as such, never a database error.
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [sort, key] of [
      ['createdAt', ['yesterday', id]],
      ['createdAt', ['2026', id]],
      ['createdAt', ['2026-02-30T00:00:00Z', 'x']],
      ['createdAt', ['2026-01-01T00:00:00Z']],
      ['createdAt', [1, 2]],
      ['name', ['ada\u0000', id]],
    ] as const) {
      const forged = encodeURIComponent(cursors.encode(key, ['users', orgId, {}, sort, 'asc']));
      expect(await list(`sort=${sort}&cursor=${forged}`)).toMatchObject({
        status: 400,
        body: { message: API_MESSAGES.cursor.invalid },
      });
    }
  });
});
