import type { OrganizationListResponse, OrganizationResponse } from '@meridian/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.js';
import { OWNER_EMAIL, type TestServer, startTestServer } from '../../test/test-server.js';

let server: TestServer;
let acmeId: string;
let globexId: string;
const tokens: Record<string, string> = {};

const validBody = {
  name: 'Initech Logistics',
  slug: 'initech-logistics',
  status: 'ACTIVE',
  domain: 'initech.example',
  address_line1: 'Wilhelminakade 909',
  city: 'Rotterdam',
  state: 'South Holland',
  zip_code: '3072 AP',
  country: 'Netherlands',
  phone_number: '+31 10 123 4567',
  website: 'https://initech.example',
};

beforeAll(async () => {
  server = await startTestServer();
  acmeId = (await server.createOrganization('Acme Freight')).id;
  globexId = (await server.createOrganization('Globex Shipping')).id;
  await server.createUser({
    organizationId: acmeId,
    email: 'admin@acme.example',
    adminRole: 'ADMIN',
  });
  await server.createUser({
    organizationId: server.internalOrganizationId,
    email: 'analyst@meridian.local',
    role: 'MEMBER',
  });
  await server.createUser({
    organizationId: server.internalOrganizationId,
    email: 'ops@meridian.local',
    role: 'ADMIN',
  });
  tokens.acmeAdmin = (await server.login('admin@acme.example')).accessToken;
  tokens.internalMember = (await server.login('analyst@meridian.local')).accessToken;
  tokens.platformAdmin = (await server.login('ops@meridian.local')).accessToken;
  tokens.owner = (await server.login(OWNER_EMAIL)).accessToken;
});
afterAll(() => server.close());

describe('GET /api/admin/organizations', () => {
  it('shows platform admins every organization', async () => {
    const response = await server.request<OrganizationListResponse>(
      'GET',
      '/api/admin/organizations',
      { token: tokens.platformAdmin },
    );
    expect(response.status).toBe(200);
    const names = response.body.data.organizations.map((organization) => organization.name);
    expect(names).toEqual(expect.arrayContaining(['Acme Freight', 'Globex Shipping', 'Meridian']));
  });

  it('shows anyone else only their own organization', async () => {
    for (const token of [tokens.acmeAdmin, tokens.internalMember]) {
      const response = await server.request<OrganizationListResponse>(
        'GET',
        '/api/admin/organizations',
        { token },
      );
      expect(response.body.data.organizations).toHaveLength(1);
    }
  });
});

describe('GET /api/admin/organizations/:id', () => {
  it('returns the organization with the spec fields', async () => {
    const response = await server.request<OrganizationResponse>(
      'GET',
      `/api/admin/organizations/${acmeId}`,
      { token: tokens.acmeAdmin },
    );
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.data.organization).sort()).toEqual(
      [
        'address_line1',
        'city',
        'country',
        'domain',
        'id',
        'isInternal',
        'name',
        'phone_number',
        'slug',
        'state',
        'status',
        'website',
        'zip_code',
      ].sort(),
    );
  });

  it('hides other organizations from non-platform users (404)', async () => {
    const response = await server.request('GET', `/api/admin/organizations/${globexId}`, {
      token: tokens.acmeAdmin,
    });
    expect(response).toMatchObject({ status: 404, body: { message: 'Organization not found' } });
  });
});

describe('POST /api/admin/organizations', () => {
  it('creates an organization (201) for a platform admin and audits it', async () => {
    const response = await server.request<OrganizationResponse>(
      'POST',
      '/api/admin/organizations',
      {
        token: tokens.platformAdmin,
        body: validBody,
      },
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      message: 'Organization created',
      data: { organization: { ...validBody } },
    });
  });

  it('treats empty optional strings as absent', async () => {
    const response = await server.request<OrganizationResponse>(
      'POST',
      '/api/admin/organizations',
      {
        token: tokens.platformAdmin,
        body: {
          name: 'Blank Co',
          slug: 'blank-co',
          status: 'ACTIVE',
          domain: '',
          website: '',
          phone_number: '',
          city: '',
        },
      },
    );
    expect(response.status).toBe(201);
    expect(response.body.data.organization).toMatchObject({
      domain: null,
      website: null,
      phone_number: null,
      city: null,
    });
  });

  it.each([
    [{ name: '' }, 'name: Name is required'],
    [{ slug: '' }, 'slug: Slug is required'],
    [{ slug: 'Has Spaces' }, 'slug: Slug must be lowercase letters, numbers, dashes'],
    [{ domain: 'not a domain' }, 'domain: Invalid domain'],
    [{ domain: 'example.c' }, 'domain: Invalid domain'],
    [{ website: 'ftp://x.example' }, 'website: Website must start with http:// or https://'],
    [{ phone_number: '12345' }, 'phone_number: Phone seems too short'],
    [{ status: 'ARCHIVED' }, /^status: /],
    [{ extra: 1 }, 'body: unknown field "extra"'],
  ])('rejects %j with the specification message', async (change, message) => {
    const response = await server.request('POST', '/api/admin/organizations', {
      token: tokens.platformAdmin,
      body: { ...validBody, slug: 'fresh-slug', ...change },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
  });

  it('answers 409 when the slug is taken', async () => {
    const response = await server.request('POST', '/api/admin/organizations', {
      token: tokens.platformAdmin,
      body: { ...validBody, name: 'Copy', slug: 'acme-freight' },
    });
    expect(response).toMatchObject({ status: 409, body: { message: 'Slug is already taken' } });
  });

  it('forbids organization admins and internal users without a platform role (403)', async () => {
    for (const token of [tokens.acmeAdmin, tokens.internalMember]) {
      const response = await server.request('POST', '/api/admin/organizations', {
        token,
        body: { ...validBody, slug: 'nope' },
      });
      expect(response).toMatchObject({
        status: 403,
        body: { message: 'Only platform admins can manage organizations' },
      });
    }
  });
});

describe('PUT /api/admin/organizations/:id', () => {
  it('updates with the same fields plus id', async () => {
    const response = await server.request<OrganizationResponse>(
      'PUT',
      `/api/admin/organizations/${globexId}`,
      {
        token: tokens.owner,
        body: {
          ...validBody,
          id: globexId,
          name: 'Globex Corporation',
          slug: 'globex',
          domain: 'globex.example',
        },
      },
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      message: 'Organization updated',
      data: { organization: { id: globexId, name: 'Globex Corporation' } },
    });
  });

  it('rejects an id that does not match the URL, and a taken slug', async () => {
    const mismatch = await server.request('PUT', `/api/admin/organizations/${globexId}`, {
      token: tokens.owner,
      body: { ...validBody, id: acmeId, slug: 'globex' },
    });
    expect(mismatch).toMatchObject({
      status: 400,
      body: { message: 'id in the body does not match the URL' },
    });
    const taken = await server.request('PUT', `/api/admin/organizations/${globexId}`, {
      token: tokens.owner,
      body: { ...validBody, slug: 'acme-freight' },
    });
    expect(taken.status).toBe(409);
  });

  it('forbids non-platform users even on their own organization', async () => {
    const response = await server.request('PUT', `/api/admin/organizations/${acmeId}`, {
      token: tokens.acmeAdmin,
      body: { ...validBody, slug: 'acme-freight' },
    });
    expect(response.status).toBe(403);
  });
});

describe('DELETE /api/admin/organizations/:id', () => {
  it('disables and hides the organization, keeping its data, and blocks its users', async () => {
    const doomed = await server.createOrganization('Doomed Traders');
    await server.createUser({
      organizationId: doomed.id,
      email: 'staff@doomed.example',
      adminRole: 'ADMIN',
    });
    const session = await server.login('staff@doomed.example');
    const response = await server.request('DELETE', `/api/admin/organizations/${doomed.id}`, {
      token: tokens.platformAdmin,
    });
    expect(response).toMatchObject({ status: 200, body: { message: 'Organization deleted' } });
    const list = await server.request<OrganizationListResponse>('GET', '/api/admin/organizations', {
      token: tokens.platformAdmin,
    });
    expect(list.body.data.organizations.map((organization) => organization.id)).not.toContain(
      doomed.id,
    );
    expect(
      (await server.request('POST', '/api/auth/validate', { token: session.accessToken })).status,
    ).toBe(403);
    const login = await server.request('POST', '/api/auth/login', {
      body: { email: 'staff@doomed.example', password: 'correct-horse-battery-staple' },
    });
    expect(login).toMatchObject({
      status: 403,
      body: { message: 'Your organization is disabled' },
    });
  });

  it('protects the internal organization and is for platform admins only', async () => {
    const internal = await server.request(
      'DELETE',
      `/api/admin/organizations/${server.internalOrganizationId}`,
      { token: tokens.owner },
    );
    expect(internal).toMatchObject({
      status: 409,
      body: { message: 'The internal organization cannot be deleted' },
    });
    const list = await server.request<OrganizationListResponse>('GET', '/api/admin/organizations', {
      token: tokens.owner,
    });
    const flagged = list.body.data.organizations.filter((organization) => organization.isInternal);
    expect(flagged.map((organization) => organization.id)).toEqual([server.internalOrganizationId]);
    expect(
      (
        await server.request('DELETE', `/api/admin/organizations/${acmeId}`, {
          token: tokens.acmeAdmin,
        })
      ).status,
    ).toBe(403);
  });
});

describe('X-Act-As-Organization', () => {
  it('lets a platform admin act as another organization', async () => {
    const response = await server.request<{ data: { users: { email: string }[] } }>(
      'GET',
      '/api/admin/users',
      {
        token: tokens.platformAdmin,
        headers: { 'x-act-as-organization': acmeId },
      },
    );
    expect(response.status).toBe(200);
    expect(response.body.data.users.map((user) => user.email)).toContain('admin@acme.example');
  });

  it('writes every act-as request to the audit log, reads included', async () => {
    await server.request('GET', `/api/admin/organizations/${acmeId}`, {
      token: tokens.platformAdmin,
      headers: { 'x-act-as-organization': acmeId },
    });
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actingOrganizationId, acmeId));
    expect(rows).toContainEqual(
      expect.objectContaining({
        action: 'act-as GET /api/admin/organizations/:id',
        targetId: acmeId,
        after: { status: 200 },
      }),
    );
    expect(rows.every((row) => row.actorUserId !== null)).toBe(true);
  });

  it('refuses it to everyone else (403), and rejects malformed or unknown ids', async () => {
    for (const token of [tokens.acmeAdmin, tokens.internalMember]) {
      const response = await server.request('GET', '/api/admin/users', {
        token,
        headers: { 'x-act-as-organization': globexId },
      });
      expect(response).toMatchObject({
        status: 403,
        body: { message: 'You cannot act as another organization' },
      });
    }
    const own = await server.request('GET', '/api/admin/users', {
      token: tokens.acmeAdmin,
      headers: { 'x-act-as-organization': acmeId },
    });
    expect(own.status).toBe(200);
    const malformed = await server.request('GET', '/api/admin/users', {
      token: tokens.platformAdmin,
      headers: { 'x-act-as-organization': 'acme' },
    });
    expect(malformed.status).toBe(400);
    const unknown = await server.request('GET', '/api/admin/users', {
      token: tokens.platformAdmin,
      headers: { 'x-act-as-organization': '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
  });
});
