import type {
  AccountRequestApprovalResponse,
  AccountRequestListResponse,
  AuthResponse,
} from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRequests } from '../../db/schema.js';
import { OWNER_EMAIL, type TestServer, startTestServer } from '../../test/test-server.js';

let server: TestServer;
let ownerToken: string;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer({ ACCOUNT_REQUESTS_PER_MINUTE: '3' });
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
