import type {
  AccountRequestApprovalResponse,
  AccountRequestListResponse,
  AuthResponse,
} from '@meridian/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRequests } from '../../db/schema.js';
import { OWNER_EMAIL, type TestServer, startTestServer } from '../../test/test-server.js';

let server: TestServer;
let ownerToken: string;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer({ ACCOUNT_REQUESTS_PER_MINUTE: '3', TRUST_PROXY: '1' });
  ownerToken = (await server.login(OWNER_EMAIL)).accessToken;
  const acme = await server.createOrganization('Acme Freight');
  await server.createUser({
    organizationId: acme.id,
    email: 'admin@acme.example',
    adminRole: 'ADMIN',
  });
  adminToken = (await server.login('admin@acme.example')).accessToken;
});
afterAll(() => server.close());

const request = {
  email: 'Buyer@Newco.example',
  address1: '1 Harbor Way',
  city: 'Chicago',
  state: 'IL',
  postalCode: '60601',
  country: 'United States',
};

describe('POST /api/account-requests', () => {
  it('stores the request for platform admins to review, and answers the spec text', async () => {
    const response = await server.request('POST', '/api/account-requests', { body: request });
    expect(response).toMatchObject({
      status: 201,
      body: { message: 'Account request submitted! We will contact you shortly.' },
    });
    const rows = await server.database.db.select().from(accountRequests);
    expect(rows).toEqual([
      expect.objectContaining({
        email: 'buyer@newco.example',
        city: 'Chicago',
        address2: null,
        status: 'PENDING',
      }),
    ]);
  });

  it('requires every required field, with the spec message', async () => {
    const response = await server.request('POST', '/api/account-requests', {
      body: { ...request, city: '  ' },
    });
    expect(response).toMatchObject({
      status: 400,
      body: { message: 'city: Please fill in all required fields' },
    });
  });

  it('is rate-limited per IP (429 with Retry-After)', async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await server.request('POST', '/api/account-requests', { body: request });
      statuses.push(response.status);
      retryAfter ??= response.headers.get('retry-after');
    }
    expect(statuses.at(-1)).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe('reviewing account requests', () => {
  const pending = async () =>
    (
      await server.request<AccountRequestListResponse>('GET', '/api/admin/account-requests', {
        token: ownerToken,
      })
    ).body.data.accountRequests;

  it('lists pending requests to platform admins only', async () => {
    expect((await pending()).map((request) => request.email)).toContain('buyer@newco.example');
    const denied = await server.request('GET', '/api/admin/account-requests', {
      token: adminToken,
    });
    expect(denied).toMatchObject({
      status: 403,
      body: { message: 'Only platform admins can review account requests' },
    });
  });

  it('approving creates the organization and an invitation that makes the requester its admin', async () => {
    const request = (await pending())[0];
    const approved = await server.request<AccountRequestApprovalResponse>(
      'POST',
      `/api/admin/account-requests/${request?.id}/approve`,
      {
        token: ownerToken,
        body: { name: 'Newco Imports', slug: 'newco-imports' },
      },
    );
    expect(approved.status).toBe(201);
    const organization = await server.request(
      'GET',
      `/api/admin/organizations/${approved.body.data.organizationId}`,
      { token: ownerToken },
    );
    expect(organization.body).toMatchObject({
      data: { organization: { name: 'Newco Imports', city: 'Chicago', zip_code: '60601' } },
    });
    const token = new URL(approved.body.data.inviteUrl).searchParams.get('token');
    const accepted = await server.request<AuthResponse>('POST', '/api/auth/invitations/accept', {
      body: { token, firstName: 'Bo', lastName: 'Buyer', password: 'newco-first-admin' },
    });
    expect(accepted.body.user).toMatchObject({
      email: 'buyer@newco.example',
      adminRole: 'ADMIN',
      organizationId: approved.body.data.organizationId,
    });
    expect((await pending()).map((item) => item.id)).not.toContain(request?.id);
    const again = await server.request(
      'POST',
      `/api/admin/account-requests/${request?.id}/approve`,
      {
        token: ownerToken,
        body: { name: 'Twice', slug: 'twice' },
      },
    );
    expect(again.status).toBe(404);
  });

  it('dismissing removes a request from the list; a taken slug is a 409 and nothing is created', async () => {
    await server.database.db.insert(accountRequests).values({
      email: 'x@y.example',
      address1: 'a',
      city: 'b',
      state: 'c',
      postalCode: 'd',
      country: 'e',
    });
    const request = (await pending()).find((item) => item.email === 'x@y.example');
    const taken = await server.request(
      'POST',
      `/api/admin/account-requests/${request?.id}/approve`,
      {
        token: ownerToken,
        body: { name: 'Copy', slug: 'acme-freight' },
      },
    );
    expect(taken).toMatchObject({ status: 409, body: { message: 'Slug is already taken' } });
    expect((await pending()).map((item) => item.id)).toContain(request?.id);
    expect(
      (
        await server.request('POST', `/api/admin/account-requests/${request?.id}/dismiss`, {
          token: ownerToken,
        })
      ).status,
    ).toBe(200);
    expect((await pending()).map((item) => item.id)).not.toContain(request?.id);
  });
});

describe('account requests at scale', () => {
  it('keeps one pending request per e-mail, however often it is sent', async () => {
    const { db } = server.database;
    const submit = () =>
      server.request('POST', '/api/account-requests', {
        body: { ...request, email: 'repeat@newco.example' },
        headers: { 'x-forwarded-for': '203.0.113.1' },
      });
    // The same answer each time: whether someone asked before is nobody else's business.
    expect((await submit()).status).toBe(201);
    expect((await submit()).status).toBe(201);
    expect((await submit()).status).toBe(201);
    const rows = (await db.select().from(accountRequests)).filter(
      (row) => row.email === 'repeat@newco.example',
    );
    expect(rows).toHaveLength(1);
  });

  it('pages the pending list newest first with a cursor, and tells the total', async () => {
    const { db } = server.database;
    const base = Date.now();
    await db.insert(accountRequests).values(
      Array.from({ length: 7 }, (_, i) => ({
        ...request,
        email: `paged-${i}@newco.example`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const page = (cursor?: string) =>
      server.request<AccountRequestListResponse>(
        'GET',
        `/api/admin/account-requests?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { token: ownerToken },
      );
    const seen: string[] = [];
    let cursor: string | undefined;
    let total: number | undefined;
    do {
      const response = await page(cursor);
      expect(response.status).toBe(200);
      expect(response.body.data.accountRequests.length).toBeLessThanOrEqual(3);
      seen.push(...response.body.data.accountRequests.map((item) => item.email));
      total = response.body.data.total;
      cursor = response.body.data.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(seen.length);
    const paged = seen.filter((email) => email.startsWith('paged-'));
    expect(paged).toEqual(Array.from({ length: 7 }, (_, i) => `paged-${6 - i}@newco.example`));
    expect((await page('not-a-cursor')).status).toBe(400);
  });

  it('skips no request made within the same millisecond', async () => {
    const { db } = server.database;
    // A JavaScript Date keeps milliseconds: a cursor made from one would skip these rows.
    await db.insert(accountRequests).values(
      Array.from({ length: 5 }, (_, i) => ({
        ...request,
        email: `same-ms-${i}@newco.example`,
        createdAt: sql`${`2030-01-01T00:00:00.123${i}00Z`}::timestamptz`,
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response: { body: AccountRequestListResponse } = await server.request(
        'GET',
        `/api/admin/account-requests?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { token: ownerToken },
      );
      seen.push(...response.body.data.accountRequests.map((item) => item.email));
      cursor = response.body.data.nextCursor;
    } while (cursor && seen.length < 100);
    expect(seen.filter((email) => email.startsWith('same-ms-'))).toEqual(
      Array.from({ length: 5 }, (_, i) => `same-ms-${4 - i}@newco.example`),
    );
  });
});
