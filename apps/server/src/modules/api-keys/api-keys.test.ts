import type {
  ApiKeyCreatedResponse,
  ApiKeyListResponse,
  IngestResponse,
  TimelineResponse,
} from '@meridian/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, incidents } from '../../db/schema.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';

let server: TestServer;
const token: Record<'admin' | 'manager' | 'viewer' | 'globexAdmin', string> = {
  admin: '',
  manager: '',
  viewer: '',
  globexAdmin: '',
};
let acmeId: string;
let globexId: string;

beforeAll(async () => {
  server = await startTestServer({ WORKERS: '0' });
  acmeId = (await server.createOrganization('Acme Freight')).id;
  globexId = (await server.createOrganization('Globex Shipping')).id;
  for (const [organizationId, email, adminRole] of [
    [acmeId, 'admin@acme.example', 'ADMIN'],
    [acmeId, 'manager@acme.example', 'MANAGER'],
    [acmeId, 'viewer@acme.example', 'VIEWER'],
    [globexId, 'admin@globex.example', 'ADMIN'],
  ] as const) {
    await server.createUser({ organizationId, email, adminRole });
  }
  token.admin = (await server.login('admin@acme.example')).accessToken;
  token.manager = (await server.login('manager@acme.example')).accessToken;
  token.viewer = (await server.login('viewer@acme.example')).accessToken;
  token.globexAdmin = (await server.login('admin@globex.example')).accessToken;
});
afterAll(() => server.close());

async function createKey(who: keyof typeof token, name: string) {
  const response = await server.request<ApiKeyCreatedResponse>('POST', '/api/admin/api-keys', {
    token: token[who],
    body: { name },
  });
  expect(response.status).toBe(201);
  return response.body.data;
}
const ingest = (secret: string | undefined, incidentsBody: unknown[]) =>
  server.request<IngestResponse & { message: string }>('POST', '/api/ingest/incidents', {
    ...(secret ? { headers: { authorization: `Bearer ${secret}` } } : {}),
    body: { incidents: incidentsBody },
  });
const storm = {
  externalId: 'WMS-1001',
  title: 'Storm closes the Antwerp terminal',
  severity: 'HIGH',
  type: 'WEATHER',
  location: { lat: 51.26, lng: 4.4, countryCode: 'BE' },
};
const strike = {
  externalId: 'WMS-1002',
  title: 'Strike at the Lyon warehouse',
  severity: 'MEDIUM',
  type: 'STRIKE',
  location: { lat: 45.76, lng: 4.84 },
};
const ofAcme = (externalId: string) =>
  server.database.db
    .select()
    .from(incidents)
    .where(and(eq(incidents.source, 'API'), eq(incidents.sourceId, `${acmeId}:${externalId}`)))
    .then((rows) => rows[0]!);

describe('API keys', () => {
  it('are created by an organization admin, shown once, stored as a digest only', async () => {
    const { apiKey, secret } = await createKey('admin', 'Warehouse system');
    expect(secret).toMatch(/^mrd_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({
      name: 'Warehouse system',
      prefix: secret.slice(0, 10),
      createdBy: 'admin@acme.example',
      lastUsedAt: null,
      revokedAt: null,
    });
    const list = await server.request<ApiKeyListResponse>('GET', '/api/admin/api-keys', {
      token: token.admin,
    });
    expect(list.body.data.apiKeys.map((key) => key.name)).toEqual(['Warehouse system']);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    const [stored] = await server.database.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.id, apiKey.id));
    expect(stored?.secretHash).not.toContain(secret);
    expect(stored?.secretHash).toHaveLength(64);
    // Only the organization's ADMINs manage keys; another organization sees none of them.
    for (const who of ['manager', 'viewer'] as const) {
      const refused = await server.request('POST', '/api/admin/api-keys', {
        token: token[who],
        body: { name: 'mine' },
      });
      expect(refused.status).toBe(403);
    }
    const globex = await server.request<ApiKeyListResponse>('GET', '/api/admin/api-keys', {
      token: token.globexAdmin,
    });
    expect(globex.body.data.apiKeys).toEqual([]);
    const foreign = await server.request('DELETE', `/api/admin/api-keys/${apiKey.id}`, {
      token: token.globexAdmin,
    });
    expect(foreign.status).toBe(404);
  });

  it("push the organization's own incidents, idempotent by externalId", async () => {
    const { secret } = await createKey('admin', 'TMS');
    const first = await ingest(secret, [storm, strike]);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    expect(first.body.data.incidents.map((item) => item.externalId).sort()).toEqual([
      'WMS-1001',
      'WMS-1002',
    ]);
    const row = await ofAcme('WMS-1001');
    expect(row).toMatchObject({ organizationId: acmeId, severity: 'HIGH', countryCode: 'BE' });

    // The same batch again changes nothing.
    const again = await ingest(secret, [storm, strike]);
    expect(again.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 2 });

    // Its members see it; another organization does not.
    const acme = await server.request<{ data: { id: string }[] }>(
      'GET',
      '/api/atlas/events?scope=ORG',
      { token: token.viewer },
    );
    expect(acme.body.data.map((incident) => incident.id)).toContain(row.id);
    const globex = await server.request('GET', `/api/incidents/${row.id}`, {
      token: token.globexAdmin,
    });
    expect(globex.status).toBe(404);

    // A change is an update with its timeline entry; RESOLVED resolves.
    const changed = await ingest(secret, [
      { ...storm, severity: 'CRITICAL' },
      { ...strike, status: 'RESOLVED' },
    ]);
    expect(changed.body.data).toMatchObject({ updated: 1, resolved: 1 });
    expect((await ofAcme('WMS-1001')).severity).toBe('CRITICAL');
    expect((await ofAcme('WMS-1002')).status).toBe('RESOLVED');
    const timeline = await server.request<TimelineResponse>(
      'GET',
      `/api/incidents/${row.id}/timeline`,
      { token: token.viewer },
    );
    expect(timeline.body.data.entries.map((entry) => [entry.kind, entry.via])).toEqual([
      ['CREATED', 'API key "TMS"'],
      ['UPDATED', 'API key "TMS"'],
    ]);

    // Another organization's system may use the same externalId: a different incident.
    const { secret: globexSecret } = await createKey('globexAdmin', 'Globex TMS');
    const theirs = await ingest(globexSecret, [{ ...storm, title: 'Globex storm' }]);
    expect(theirs.body.data.created).toBe(1);
    expect((await ofAcme('WMS-1001')).title).toBe(storm.title);
  });

  it("keep a person's edit, as feeds do", async () => {
    const { secret } = await createKey('admin', 'ERP');
    const pushed = await ingest(secret, [{ ...storm, externalId: 'ERP-1' }]);
    const id = pushed.body.data.incidents[0]!.id;
    const edited = await server.request('PATCH', `/api/incidents/${id}`, {
      token: token.manager,
      body: { severity: 'LOW' },
    });
    expect(edited.status).toBe(200);
    await ingest(secret, [{ ...storm, externalId: 'ERP-1', severity: 'CRITICAL' }]);
    const [row] = await server.database.db.select().from(incidents).where(eq(incidents.id, id));
    expect(row?.severity).toBe('LOW');
  });

  it('refuse bad batches with a message and write nothing', async () => {
    const { secret } = await createKey('admin', 'Validator');
    const before = await server.database.db.select().from(incidents);
    const cases: [unknown[], string][] = [
      [[{ ...storm, externalId: 'B-1', title: '' }], 'title is required'],
      [[{ ...storm, externalId: 'B-2', severity: 'HUGE' }], 'severity'],
      [
        [
          { ...storm, externalId: 'B-3' },
          { ...storm, externalId: 'B-3' },
        ],
        'appears more than once',
      ],
      [
        Array.from({ length: 1001 }, (_, i) => ({ ...storm, externalId: `B-${i}` })),
        'at most 1000',
      ],
      [[], 'at least one'],
      [[{ ...storm, externalId: 'B-4', location: { lat: 95, lng: 0 } }], 'lat'],
      [[{ ...storm, externalId: 'B-5', title: 'nul\u0000' }], 'incidents[0].title: text may not'],
    ];
    for (const [batch, message] of cases) {
      const response = await ingest(secret, batch);
      expect(response.status, message).toBe(400);
      expect(response.body.message).toContain(message);
    }
    expect(await server.database.db.select().from(incidents)).toHaveLength(before.length);
  });

  it('need a live key: none, a wrong one, a session token and a revoked one are 401', async () => {
    const { apiKey, secret } = await createKey('admin', 'Short-lived');
    expect((await ingest(undefined, [storm])).status).toBe(401);
    expect((await ingest(`${secret}x`, [storm])).status).toBe(401);
    expect((await ingest(token.admin, [storm])).status).toBe(401);
    expect((await ingest(secret, [{ ...storm, externalId: 'L-1' }])).status).toBe(200);
    const [used] = await server.database.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(used?.lastUsedAt).not.toBeNull();

    const revoked = await server.request('DELETE', `/api/admin/api-keys/${apiKey.id}`, {
      token: token.admin,
    });
    expect(revoked.status).toBe(200);
    const refused = await ingest(secret, [{ ...storm, externalId: 'L-2' }]);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('This API key is not valid or has been revoked');
  });

  it('have a request budget of their own', async () => {
    const { secret } = await createKey('admin', 'Chatty');
    const { secret: other } = await createKey('admin', 'Quiet');
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      statuses.push((await ingest(secret, [{ ...storm, externalId: 'C-1' }])).status);
    }
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    // Another key of the same organization is not held back.
    expect((await ingest(other, [{ ...storm, externalId: 'C-2' }])).status).toBe(200);
  });
});
