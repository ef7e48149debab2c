import {
  type ApiKeyCreatedResponse,
  type AuthResponse,
  DEFAULT_SECURITY_SETTINGS,
  type InvitationCreateResponse,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestServer, startTestServer } from '../../test/test-server.js';
import { settingsRepository } from '../settings/settings.repository.js';

/**
 * The IP allow list on the routes that hand out or use credentials: sign-in, refresh, accepting
 * an invitation and API keys. The server trusts one proxy, so X-Forwarded-For is the client.
 */
const INSIDE = '198.51.100.7';
const OUTSIDE = '203.0.113.9';

let server: TestServer;
let organizationId: string;
let adminToken: string;

const from = (ip: string) => ({ 'x-forwarded-for': ip });

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
  organizationId = (await server.createOrganization('Fenced Freight')).id;
  await server.createUser({ organizationId, email: 'admin@fenced.example', adminRole: 'ADMIN' });
  await server.createUser({ organizationId, email: 'member@fenced.example' });
  adminToken = (await server.login('admin@fenced.example')).accessToken;
  await settingsRepository.save(server.database.db, organizationId, 'security', {
    ...DEFAULT_SECURITY_SETTINGS,
    ipWhitelist: true,
    ipAllowList: ['198.51.100.0/24'],
  });
});
afterAll(() => server.close());

const login = (ip: string, password = TEST_PASSWORD) =>
  server.request<AuthResponse>('POST', '/api/auth/login', {
    headers: from(ip),
    body: { email: 'member@fenced.example', password },
  });

describe('the IP allow list at sign-in', () => {
  it('answers a right password from outside exactly as a wrong one', async () => {
    const outside = await login(OUTSIDE);
    const wrong = await login(INSIDE, 'not-the-password');
    expect(outside.status).toBe(401);
    expect(outside.body).toEqual(wrong.body);
    expect(outside.body).toEqual({
      code: 'UNAUTHORIZED',
      message: API_MESSAGES.auth.invalidCredentials,
    });
    expect((await login(INSIDE)).status).toBe(200);
  });

  it('refuses a refresh from outside without spending the token', async () => {
    const { refreshToken } = (await login(INSIDE)).body;
    const refresh = (ip: string) =>
      server.request<AuthResponse>('POST', '/api/auth/refresh', {
        headers: from(ip),
        body: { refreshToken },
      });
    expect(await refresh(OUTSIDE)).toMatchObject({
      status: 403,
      body: { message: API_MESSAGES.access.addressNotAllowed(OUTSIDE) },
    });
    // Still unspent: from inside it refreshes, and no reuse ends the session.
    expect((await refresh(INSIDE)).status).toBe(200);
  });

  it('refuses to start a session by accepting an invitation from outside', async () => {
    const invited = await server.request<InvitationCreateResponse>(
      'POST',
      '/api/admin/invitations',
      { token: adminToken, headers: from(INSIDE), body: { email: 'new@fenced.example' } },
    );
    expect(invited.status).toBe(201);
    const token = new URL(invited.body.data.inviteUrl).searchParams.get('token');
    const accept = (ip: string) =>
      server.request<AuthResponse>('POST', '/api/auth/invitations/accept', {
        headers: from(ip),
        body: { token, firstName: 'Nia', lastName: 'New', password: 'a-long-enough-password' },
      });
    expect(await accept(OUTSIDE)).toMatchObject({
      status: 403,
      body: { message: API_MESSAGES.access.addressNotAllowed(OUTSIDE) },
    });
    expect((await accept(INSIDE)).status).toBe(200);
  });
});

describe('the IP allow list for API keys', () => {
  const createKey = async (allowedNetworks?: string[]) => {
    const response = await server.request<ApiKeyCreatedResponse>('POST', '/api/admin/api-keys', {
      token: adminToken,
      headers: from(INSIDE),
      body: { name: 'Warehouse', ...(allowedNetworks ? { allowedNetworks } : {}) },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const ingest = (secret: string, ip: string) =>
    server.request('POST', '/api/ingest/incidents', {
      token: secret,
      headers: from(ip),
      body: { incidents: [{ externalId: `x-${ip}`, title: 'Gate closed', severity: 'LOW' }] },
    });

  it("keeps a key to its organization's list", async () => {
    const { secret } = await createKey();
    expect(await ingest(secret, OUTSIDE)).toMatchObject({
      status: 403,
      body: { message: API_MESSAGES.apiKey.addressNotAllowed(OUTSIDE) },
    });
    expect((await ingest(secret, INSIDE)).status).toBe(200);
  });

  it('keeps a key to its own networks too, and lists them', async () => {
    const { secret, apiKey } = await createKey(['198.51.100.7/32', '2001:db8::/32']);
    expect(apiKey.allowedNetworks).toEqual(['198.51.100.7/32', '2001:db8::/32']);
    expect((await ingest(secret, INSIDE)).status).toBe(200);
    // Inside the organization's list but outside the key's own.
    expect((await ingest(secret, '198.51.100.8')).status).toBe(403);
  });

  it('refuses a malformed network, creating nothing', async () => {
    const before = await server.request<{ data: { apiKeys: unknown[] } }>(
      'GET',
      '/api/admin/api-keys',
      { token: adminToken, headers: from(INSIDE) },
    );
    const response = await server.request('POST', '/api/admin/api-keys', {
      token: adminToken,
      headers: from(INSIDE),
      body: { name: 'Broken', allowedNetworks: ['10.0.0.0/8', '10.0.0.300'] },
    });
    expect(response).toMatchObject({
      status: 400,
      body: { message: `allowedNetworks.1: ${API_MESSAGES.apiKey.invalidNetwork}` },
    });
    const after = await server.request<{ data: { apiKeys: unknown[] } }>(
      'GET',
      '/api/admin/api-keys',
      { token: adminToken, headers: from(INSIDE) },
    );
    expect(after.body.data.apiKeys).toHaveLength(before.body.data.apiKeys.length);
  });
});
