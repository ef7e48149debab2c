import { and, eq } from 'drizzle-orm';
import type {
  BulkResponse,
  ErrorBody,
  IncidentResponse,
  Site,
  SiteExposureResponse,
  SiteListResponse,
  SiteResponse,
} from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sites } from '../../db/schema.js';
import { OWNER_EMAIL, type TestServer, startTestServer } from '../../test/test-server.js';

/** Sites through the API: who may do what, locations, lists, bulk writes and exposure. */
let server: TestServer;
let acme: string;
let manager: string;
let viewer: string;
let globexManager: string;
let owner: string;

// A free-standing point far from every other test's sites.
const ROTTERDAM = { lat: 51.92, lng: 4.48 };

beforeAll(async () => {
  server = await startTestServer({ WORKERS: '0' });
  acme = (await server.createOrganization('Acme Sites')).id;
  const globex = (await server.createOrganization('Globex Sites')).id;
  await server.createUser({
    organizationId: acme,
    email: 'm@acme-s.example',
    adminRole: 'MANAGER',
  });
  await server.createUser({ organizationId: acme, email: 'v@acme-s.example', adminRole: 'VIEWER' });
  await server.createUser({
    organizationId: globex,
    email: 'm@globex-s.example',
    adminRole: 'MANAGER',
  });
  manager = (await server.login('m@acme-s.example')).accessToken;
  viewer = (await server.login('v@acme-s.example')).accessToken;
  globexManager = (await server.login('m@globex-s.example')).accessToken;
  owner = (await server.login(OWNER_EMAIL)).accessToken;
});
afterAll(() => server.close());

const create = async (body: Record<string, unknown>, token = manager) =>
  server.request<SiteResponse & ErrorBody>('POST', '/api/sites', { token, body });
const created = async (body: Record<string, unknown>): Promise<Site> => {
  const response = await create(body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data.site;
};
const list = async (query: string, token = manager) => {
  const response = await server.request<SiteListResponse>('GET', `/api/sites?${query}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
};
const bulk = (rows: unknown[], token = manager, headers?: Record<string, string>) =>
  server.request<BulkResponse & ErrorBody>('POST', '/api/sites/bulk', {
    token,
    body: { sites: rows },
    ...(headers ? { headers } : {}),
  });
const countOf = async (organizationId: string) =>
  (await server.database.db.select().from(sites).where(eq(sites.organizationId, organizationId)))
    .length;

describe('one site', () => {
  it('is created with its given location, read back, and audited in the same write', async () => {
    const site = await created({
      externalRef: 'V-1001',
      name: '  Rotterdam Bearings  ',
      kind: 'SUPPLIER',
      tier: 1,
      criticality: 'HIGH',
      location: ROTTERDAM,
      products: ['bearings', 'seals'],
      contact: { name: 'Ann', email: 'ann@bearings.example' },
      revenuePerDay: 42_000,
      recoveryDays: 21,
      currency: 'EUR',
    });
    expect(site).toMatchObject({
      revenuePerDay: 42_000,
      recoveryDays: 21,
      currency: 'EUR',
      name: 'Rotterdam Bearings',
      kind: 'SUPPLIER',
      location: ROTTERDAM,
      products: ['bearings', 'seals'],
      contact: { name: 'Ann', email: 'ann@bearings.example', phone: null },
      archivedAt: null,
    });
    const read = await server.request<SiteResponse>('GET', `/api/sites/${site.id}`, {
      token: viewer,
    });
    expect(read.body.data.site).toMatchObject({ id: site.id, activeExposures: 0 });
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'site.create'), eq(auditLog.targetId, site.id)));
    expect(audit).toHaveLength(1);
  });

  it('is located from its address when no location is given, the country named by its code', async () => {
    const site = await created({ name: 'Hamburg Castings', city: 'Hamburg', countryCode: 'DE' });
    expect(site.location?.lat).toBeCloseTo(53.55, 1);
    expect(site.location?.lng).toBeCloseTo(10.0, 1);
  });

  it('refuses an address that cannot be found, naming the field, and a site with no place at all', async () => {
    const unknown = await create({ name: 'Lost', city: 'Qwxzyville Upon Nothing' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^city: "Qwxzyville Upon Nothing" was not found/);
    const nowhere = await create({ name: 'Nowhere' });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.message).toMatch(/^location: /);
  });

  it('refuses bad input with the field named: unknown country, impossible coordinates, tier, values', async () => {
    for (const [body, message] of [
      [{ name: 'X', countryCode: 'XX' }, /^countryCode: countryCode is not a known country/],
      [{ name: 'X', location: { lat: 91, lng: 0 } }, /^location\.lat: /],
      [{ name: 'X', location: ROTTERDAM, tier: 4 }, /^tier: tier must be 1, 2 or 3/],
      [{ name: '', location: ROTTERDAM }, /^name: name is required/],
      [
        { name: 'X', location: ROTTERDAM, revenuePerDay: -1 },
        /^revenuePerDay: revenuePerDay must be 0 or more/,
      ],
      [
        { name: 'X', location: ROTTERDAM, recoveryDays: 2.5 },
        /^recoveryDays: recoveryDays must be a whole number/,
      ],
      [
        { name: 'X', location: ROTTERDAM, recoveryDays: 731 },
        /^recoveryDays: recoveryDays must be between 0 and 730/,
      ],
    ] as const) {
      const response = await create(body);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
    }
  });

  it('refuses a second site with the same external reference (409)', async () => {
    await created({ externalRef: 'DUP-1', name: 'First', location: ROTTERDAM });
    const second = await create({ externalRef: 'DUP-1', name: 'Second', location: ROTTERDAM });
    expect(second.status).toBe(409);
  });

  it('lets managers write and viewers only read; another organization gets 404', async () => {
    const site = await created({ name: 'Guarded', location: ROTTERDAM });
    expect((await create({ name: 'By a viewer', location: ROTTERDAM }, viewer)).status).toBe(403);
    const patch = (token: string) =>
      server.request('PATCH', `/api/sites/${site.id}`, { token, body: { name: 'Renamed' } });
    expect((await patch(viewer)).status).toBe(403);
    expect((await patch(globexManager)).status).toBe(404);
    expect(
      (await server.request('GET', `/api/sites/${site.id}`, { token: globexManager })).status,
    ).toBe(404);
    expect((await list('q=Guarded', globexManager)).total).toBe(0);
    expect((await patch(manager)).status).toBe(200);
  });

  it('is archived (hidden from the list) and restored, and re-located when its city changes', async () => {
    const site = await created({ name: 'Seasonal Plant', location: ROTTERDAM });
    const archive = await server.request<SiteResponse>('PATCH', `/api/sites/${site.id}`, {
      token: manager,
      body: { archived: true },
    });
    expect(archive.body.data.site.archivedAt).not.toBeNull();
    expect((await list('q=Seasonal')).sites).toHaveLength(0);
    expect((await list('q=Seasonal&archived=true')).sites.map((s) => s.id)).toEqual([site.id]);
    const restore = await server.request<SiteResponse>('PATCH', `/api/sites/${site.id}`, {
      token: manager,
      body: { archived: false, city: 'Lyon', countryCode: 'FR' },
    });
    expect(restore.body.data.site.archivedAt).toBeNull();
    expect(restore.body.data.site.location?.lat).toBeCloseTo(45.76, 1);
  });
});

describe('the list', () => {
  let org: string;
  let token: string;
  beforeAll(async () => {
    org = (await server.createOrganization('Listing Co')).id;
    await server.createUser({
      organizationId: org,
      email: 'm@listing.example',
      adminRole: 'MANAGER',
    });
    token = (await server.login('m@listing.example')).accessToken;
    const rows = [
      ['Delta Metals', 'SUPPLIER', 'LOW', 2, 'Leeds', ['steel']],
      ['alpha Plastics', 'SUPPLIER', 'CRITICAL', 1, 'Turin', ['resin', 'film']],
      ['Charlie Warehouse', 'WAREHOUSE', 'HIGH', null, 'Lyon', []],
      ['Bravo Port Office', 'PORT', 'MEDIUM', 3, 'Genoa', ['customs']],
      ['Echo Chips', 'SUPPLIER', 'CRITICAL', 1, 'Hsinchu', ['chips']],
    ] as const;
    const response = await bulk(
      rows.map(([name, kind, criticality, tier, city, products], index) => ({
        externalRef: `L-${index}`,
        name,
        kind,
        criticality,
        tier,
        city,
        products,
        location: { lat: 10 + index, lng: 10 },
      })),
      token,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  });

  const all = async (query: string) => {
    const names: string[] = [];
    let cursor: string | null = null;
    let total: number;
    do {
      const page: SiteListResponse['data'] = await list(
        `${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        token,
      );
      names.push(...page.sites.map((site) => site.name));
      cursor = page.nextCursor;
      total = page.total;
    } while (cursor);
    return { names, total };
  };

  it('pages through every sort in order, a page at a time, with the total', async () => {
    expect(await all('sort=name')).toEqual({
      names: [
        'alpha Plastics',
        'Bravo Port Office',
        'Charlie Warehouse',
        'Delta Metals',
        'Echo Chips',
      ],
      total: 5,
    });
    expect((await all('sort=criticality')).names).toEqual([
      'alpha Plastics',
      'Echo Chips',
      'Charlie Warehouse',
      'Bravo Port Office',
      'Delta Metals',
    ]);
    expect((await all('sort=tier')).names).toEqual([
      'alpha Plastics',
      'Echo Chips',
      'Delta Metals',
      'Bravo Port Office',
      'Charlie Warehouse',
    ]);
    expect((await all('sort=updatedAt')).names).toHaveLength(5);
  });

  it('searches name, reference, city and products, and filters by kind and criticality', async () => {
    expect((await all('q=resin')).names).toEqual(['alpha Plastics']);
    expect((await all('q=genoa')).names).toEqual(['Bravo Port Office']);
    expect((await all('q=L-4')).names).toEqual(['Echo Chips']);
    expect(await all('kind=SUPPLIER&criticality=CRITICAL')).toEqual({
      names: ['alpha Plastics', 'Echo Chips'],
      total: 2,
    });
    expect((await all('q=100%25')).names).toEqual([]);
  });

  it('refuses a cursor made for another query', async () => {
    const page = await list('sort=name&limit=1', token);
    const response = await server.request<ErrorBody>(
      'GET',
      `/api/sites?sort=tier&limit=1&cursor=${page.nextCursor}`,
      { token },
    );
    expect(response.status).toBe(400);
  });
});

describe('bulk writes', () => {
  let org: string;
  let token: string;
  beforeAll(async () => {
    org = (await server.createOrganization('Bulk Co')).id;
    await server.createUser({ organizationId: org, email: 'm@bulk.example', adminRole: 'ADMIN' });
    token = (await server.login('m@bulk.example')).accessToken;
  });

  it('creates, then updates by external reference only the fields a row gives', async () => {
    const first = await bulk(
      [
        {
          externalRef: 'B-1',
          name: 'Bulk One',
          city: 'Hamburg',
          countryCode: 'DE',
          contact: { name: 'Kay' },
          criticality: 'HIGH',
        },
        { externalRef: 'B-2', name: 'Bulk Two', location: { lat: 1, lng: 2 } },
        { name: 'No reference', location: { lat: 1, lng: 3 } },
      ],
      token,
    );
    expect(first.body).toEqual({ message: 'Sites imported', data: { created: 3, updated: 0 } });
    const again = await bulk(
      [
        { externalRef: 'B-1', name: 'Bulk One Renamed' },
        { externalRef: 'B-3', name: 'Bulk Three', location: { lat: 5, lng: 5 } },
      ],
      token,
    );
    expect(again.body.data).toEqual({ created: 1, updated: 1 });
    const [one] = await server.database.db
      .select()
      .from(sites)
      .where(and(eq(sites.organizationId, org), eq(sites.externalRef, 'B-1')));
    expect(one).toMatchObject({
      name: 'Bulk One Renamed',
      contactName: 'Kay',
      criticality: 'HIGH',
      city: 'Hamburg',
    });
    expect(one?.lat).toBeCloseTo(53.55, 1);
    expect(await countOf(org)).toBe(4);
  });

  it('writes nothing when any row is bad, and names every bad row', async () => {
    const before = await countOf(org);
    const response = await bulk(
      [
        { externalRef: 'C-1', name: 'Fine', location: { lat: 1, lng: 1 } },
        { externalRef: 'C-2', name: 'Unfindable', city: 'Qwxzyville Upon Nothing' },
        { externalRef: 'C-3', name: 'Placeless' },
      ],
      token,
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^sites\.1\.city: .* \(and 1 more\)$/);
    expect(response.body.issues?.map((issue) => issue.path)).toEqual([
      'sites.1.city',
      'sites.2.location',
    ]);
    expect(await countOf(org)).toBe(before);
  });

  it('refuses a file naming one reference twice, and bad rows, before anything is written', async () => {
    const duplicate = await bulk(
      [
        { externalRef: 'D-1', name: 'Once', location: { lat: 1, lng: 1 } },
        { externalRef: 'D-1', name: 'Twice', location: { lat: 1, lng: 1 } },
      ],
      token,
    );
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.message).toBe(
      'sites.1.externalRef: externalRef "D-1" is also in sites.0',
    );
    const invalid = await bulk(
      [
        { name: 'Fine', location: { lat: 1, lng: 1 } },
        { name: 'Bad country', countryCode: 'ZZ' },
        { name: 'Bad place', location: { lat: 100, lng: 1 } },
      ],
      token,
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.issues?.map((issue) => issue.path)).toEqual([
      'sites.1.countryCode',
      'sites.2.location.lat',
    ]);
    expect((await bulk([], token)).status).toBe(400);
  });

  it('answers progress lines, then the result, when asked for application/x-ndjson', async () => {
    const response = await fetch(`${server.url}/api/sites/bulk`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/x-ndjson',
        'accept-encoding': 'gzip',
      },
      body: JSON.stringify({
        sites: Array.from({ length: 4500 }, (_, index) => ({
          externalRef: `P-${index}`,
          name: `Progress ${index}`,
          city: index % 2 ? 'Lyon' : 'Turin',
        })),
      }),
    });
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    expect(response.headers.get('content-encoding')).toBeNull();
    const lines = (await response.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toEqual({ progress: { stage: 'locating', done: 2, total: 2 } });
    expect(lines.slice(1, -1)).toEqual([
      { progress: { stage: 'writing', done: 2000, total: 4500 } },
      { progress: { stage: 'writing', done: 4000, total: 4500 } },
      { progress: { stage: 'writing', done: 4500, total: 4500 } },
    ]);
    expect(lines.at(-1)).toEqual({
      result: { message: 'Sites imported', data: { created: 4500, updated: 0 } },
    });

    const failed = await fetch(`${server.url}/api/sites/bulk`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/x-ndjson',
      },
      body: JSON.stringify({ sites: [{ name: 'Placeless' }] }),
    });
    expect(
      (await failed.text())
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([
      {
        error: {
          status: 400,
          code: 'BAD_REQUEST',
          message: `sites.0.location: give location (lat and lng), or an address, city or country to find it from`,
        },
      },
    ]);
  });

  it('takes bodies beyond the API’s 1 MiB, up to the import limits, and refuses beyond them', async () => {
    const row = (index: number) => ({
      externalRef: `LIM-${index}`,
      name: `Limit supplier number ${index} with a long enough name`,
      location: { lat: 1, lng: 1 },
    });
    const big = await bulk(
      Array.from({ length: 20_000 }, (_, index) => row(index)),
      token,
    );
    expect(big.body.data).toEqual({ created: 20_000, updated: 0 });
    const tooMany = await bulk(
      Array.from({ length: 100_001 }, (_, index) => row(index)),
      token,
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/^sites: .*100000/);
    const huge = await server.request<ErrorBody>('POST', '/api/sites/bulk', {
      token,
      rawBody: `{"sites":[${'{"name":"x"},'.repeat(6_000_000)}{"name":"x"}]}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('Request body is too large (limit 64 MiB)');
  });

  it('is refused to viewers', async () => {
    const response = await bulk([{ name: 'X', location: ROTTERDAM }], viewer);
    expect(response.status).toBe(403);
  });
});

describe('exposure', () => {
  const runJobs = () => server.app.jobWorker.runDue();

  it('is recomputed after a site is created, moved, archived, and after a bulk write', async () => {
    const incident = await server.request<IncidentResponse>('POST', '/api/incidents', {
      token: manager,
      body: {
        title: 'Dock strike',
        severity: 'HIGH',
        type: 'STRIKE',
        location: { lat: -20, lng: -40 },
        affectedRadiusKm: 50,
      },
    });
    const incidentId = incident.body.data.incident.id;
    await runJobs();
    const site = await created({ name: 'In the strike', location: { lat: -20.1, lng: -40 } });
    await runJobs();
    const exposure = async () =>
      (
        await server.request<SiteExposureResponse>('GET', `/api/sites/${site.id}/exposure`, {
          token: viewer,
        })
      ).body.data.exposures.map((item) => [item.incident.id, item.state, item.via]);
    expect(await exposure()).toEqual([[incidentId, 'NEW', 'LOCATION']]);
    expect((await list('q=In the strike', viewer)).sites[0]?.activeExposures).toBe(1);

    await server.request('PATCH', `/api/sites/${site.id}`, {
      token: manager,
      body: { location: { lat: 0, lng: 0 } },
    });
    await runJobs();
    expect(await exposure()).toEqual([]);

    await bulk([
      { externalRef: 'EXP-1', name: 'Bulk in the strike', location: { lat: -20, lng: -40.1 } },
    ]);
    await runJobs();
    const bulkSite = (await list('q=EXP-1')).sites[0];
    expect(bulkSite?.activeExposures).toBe(1);

    await server.request('PATCH', `/api/sites/${bulkSite?.id}`, {
      token: owner,
      headers: { 'x-act-as-organization': acme },
      body: { archived: true },
    });
    await runJobs();
    const response = await server.request<SiteExposureResponse>(
      'GET',
      `/api/sites/${bulkSite?.id}/exposure?include=cleared`,
      { token: manager },
    );
    expect(response.body.data.exposures.map((item) => item.state)).toEqual(['CLEARED']);
  });
});
