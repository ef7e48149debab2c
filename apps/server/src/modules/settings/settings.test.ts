import {
  DEFAULT_CURRENCY_SETTINGS,
  DEFAULT_PLATFORM_SETTINGS,
  DEFAULT_SECURITY_SETTINGS,
} from '@meridian/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.js';
import { OWNER_EMAIL, type TestServer, startTestServer } from '../../test/test-server.js';

let server: TestServer;
let acmeId: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  acmeId = (await server.createOrganization('Acme Freight')).id;
  const globexId = (await server.createOrganization('Globex Shipping')).id;
  await server.createUser({
    organizationId: acmeId,
    email: 'admin@acme.example',
    adminRole: 'ADMIN',
  });
  await server.createUser({
    organizationId: acmeId,
    email: 'viewer@acme.example',
    adminRole: 'VIEWER',
  });
  await server.createUser({
    organizationId: globexId,
    email: 'admin@globex.example',
    adminRole: 'ADMIN',
  });
  for (const [name, email] of [
    ['admin', 'admin@acme.example'],
    ['viewer', 'viewer@acme.example'],
    ['globex', 'admin@globex.example'],
    ['owner', OWNER_EMAIL],
  ]) {
    tokens[name ?? ''] = (await server.login(email ?? '')).accessToken;
  }
});
afterAll(() => server.close());

describe.each([
  [
    'security',
    DEFAULT_SECURITY_SETTINGS,
    {
      ...DEFAULT_SECURITY_SETTINGS,
      ipWhitelist: true,
      ipAllowList: ['127.0.0.1', '::1'],
      memberRequests: true,
    },
  ],
  [
    'platform',
    DEFAULT_PLATFORM_SETTINGS,
    {
      ...DEFAULT_PLATFORM_SETTINGS,
      organizationType: 'Government',
      monitoringScope: 'Regional',
      regions: 'EMEA',
      features: { ...DEFAULT_PLATFORM_SETTINGS.features, aiAgents: true },
    },
  ],
  [
    'currency',
    DEFAULT_CURRENCY_SETTINGS,
    {
      currency: 'EUR',
      rates: [
        { currency: 'USD', rate: 0.92 },
        { currency: 'JPY', rate: 0.0062 },
      ],
      ratesAsOf: '2026-11-27',
    },
  ],
] as const)('/api/admin/settings/%s', (kind, defaults, changed) => {
  const path = `/api/admin/settings/${kind}`;

  it('starts from the defaults', async () => {
    const response = await server.request('GET', path, { token: tokens.viewer });
    expect(response).toMatchObject({ status: 200, body: { data: defaults } });
  });

  it('is saved per organization by its admins and read by everyone in it', async () => {
    const saved = await server.request('PUT', path, { token: tokens.admin, body: changed });
    expect(saved.status).toBe(200);
    expect((await server.request('GET', path, { token: tokens.viewer })).body.data).toEqual(
      changed,
    );
    expect((await server.request('GET', path, { token: tokens.globex })).body.data).toEqual(
      defaults,
    );
  });

  it('is read-only for non-admins, who change nothing', async () => {
    const response = await server.request('PUT', path, { token: tokens.viewer, body: defaults });
    expect(response).toMatchObject({
      status: 403,
      body: { message: 'Only an organization admin can change these settings' },
    });
    expect((await server.request('GET', path, { token: tokens.viewer })).body.data).toEqual(
      changed,
    );
  });

  it('lets a platform admin change it while acting as the organization', async () => {
    const response = await server.request('PUT', path, {
      token: tokens.owner,
      headers: { 'x-act-as-organization': acmeId },
      body: defaults,
    });
    expect(response.status).toBe(200);
    expect((await server.request('GET', path, { token: tokens.admin })).body.data).toEqual(
      defaults,
    );
  });

  it('rejects partial or unknown settings', async () => {
    expect((await server.request('PUT', path, { token: tokens.admin, body: {} })).status).toBe(400);
    const extra = await server.request('PUT', path, {
      token: tokens.admin,
      body: { ...defaults, surprise: true },
    });
    expect(extra).toMatchObject({
      status: 400,
      body: { message: 'body: unknown field "surprise"' },
    });
  });
});

describe('/api/admin/settings/currency', () => {
  const path = '/api/admin/settings/currency';
  const save = (body: unknown) => server.request('PUT', path, { token: tokens.admin, body });

  it('refuses a rate for its own currency, a currency twice, or a rate of 0, and keeps what was', async () => {
    const before = (await server.request('GET', path, { token: tokens.admin })).body.data;
    const twice = await save({
      currency: 'EUR',
      rates: [
        { currency: 'USD', rate: 0.9 },
        { currency: 'USD', rate: 0.91 },
      ],
      ratesAsOf: null,
    });
    expect(twice).toMatchObject({ status: 400 });
    expect(JSON.stringify(twice.body)).toContain('USD has two rates');
    const own = await save({
      currency: 'EUR',
      rates: [{ currency: 'EUR', rate: 1 }],
      ratesAsOf: null,
    });
    expect(JSON.stringify(own.body)).toContain("EUR is the organization's own currency");
    const zero = await save({
      currency: 'EUR',
      rates: [{ currency: 'USD', rate: 0 }],
      ratesAsOf: null,
    });
    expect(JSON.stringify(zero.body)).toContain('rate must be more than 0');
    const unknown = await save({ currency: 'XQQ', rates: [], ratesAsOf: null });
    expect(unknown.status).toBe(400);
    expect((await server.request('GET', path, { token: tokens.admin })).body.data).toEqual(before);
  });

  it('records each change in the audit log, with what it was before', async () => {
    const changed = {
      currency: 'GBP',
      rates: [{ currency: 'EUR', rate: 0.86 }],
      ratesAsOf: '2026-11-28',
    };
    expect((await save(changed)).status).toBe(200);
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.currency.update'), eq(auditLog.targetId, acmeId)));
    const last = audits.at(-1);
    expect(last?.after).toEqual(changed);
    expect((last?.before as { currency?: unknown } | null)?.currency).toBeTypeOf('string');
  });
});
