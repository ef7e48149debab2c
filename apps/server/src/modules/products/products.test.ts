import type {
  BulkResponse,
  IncidentExposureResponse,
  IncidentImpact,
  ProductListResponse,
  ProductResponse,
  SiteListResponse,
  SiteResponse,
} from '@meridian/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, productParts, products, sites } from '../../db/schema.js';
import { incidentSteps } from '../../test/incident-steps.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';

/**
 * Products and their bills of materials over HTTP, and what they do to value at risk and
 * priority (README, "Value at risk" and "Priority"; figures worked by hand below).
 */
let server: TestServer;
let acme: string;
let globex: string;
let manager: string;
let viewer: string;
let globexManager: string;
let mill: string;
let farPlant: string;
let globexSite: string;

// Around Rotterdam (4.48E, 51.92N): 0.1° of latitude is 11.1 km.
const ROTTERDAM = { lat: 51.92, lng: 4.48 };

beforeAll(async () => {
  server = await startTestServer({ WORKERS: '0' });
  acme = (await server.createOrganization('Acme Products')).id;
  globex = (await server.createOrganization('Globex Products')).id;
  await server.createUser({
    organizationId: acme,
    email: 'm@acme-p.example',
    adminRole: 'MANAGER',
  });
  await server.createUser({ organizationId: acme, email: 'v@acme-p.example', adminRole: 'VIEWER' });
  await server.createUser({
    organizationId: globex,
    email: 'm@globex-p.example',
    adminRole: 'MANAGER',
  });
  manager = (await server.login('m@acme-p.example')).accessToken;
  viewer = (await server.login('v@acme-p.example')).accessToken;
  globexManager = (await server.login('m@globex-p.example')).accessToken;
  const { db } = server.database;
  const rows = await db
    .insert(sites)
    .values([
      // 5.6 km from Rotterdam; no revenue of its own: what depends on it comes from products.
      {
        organizationId: acme,
        name: 'Mill',
        externalRef: 'V-1',
        lat: 51.97,
        lng: 4.48,
        criticality: 'LOW',
      },
      // 5 degrees away: outside every incident here.
      { organizationId: acme, name: 'Far plant', externalRef: 'V-2', lat: 46.92, lng: 4.48 },
      { organizationId: globex, name: 'Globex site', externalRef: 'V-1', lat: 51.93, lng: 4.48 },
    ])
    .returning({ id: sites.id });
  [mill, farPlant, globexSite] = rows.map((row) => row.id) as [string, string, string];
});
afterAll(() => server.close());

const { runJobs, createIncident } = incidentSteps(() => server);

const post = (body: unknown, token = manager) =>
  server.request<ProductResponse>('POST', '/api/products', { token, body });
const patch = (id: string, body: unknown, token = manager) =>
  server.request<ProductResponse>('PATCH', `/api/products/${id}`, { token, body });
const bulk = (body: unknown, token = manager) =>
  server.request<BulkResponse>('POST', '/api/products/bulk', { token, body });
const list = async (query: string, token = manager) => {
  const response = await server.request<ProductListResponse>('GET', `/api/products?${query}`, {
    token,
  });
  expect(response.status).toBe(200);
  return response.body.data;
};
const productCount = async () =>
  (await server.database.db.select().from(products).where(eq(products.organizationId, acme)))
    .length;

describe('products', () => {
  let gearbox: string;

  it('creates a product with its bill of materials, audited', async () => {
    const response = await post({
      sku: 'GB-100',
      name: 'Gearbox',
      revenuePerYear: 7_300_000,
      currency: 'USD',
      coverDays: 4,
      parts: [
        { part: 'Housing', siteId: mill, share: 0.5 },
        { part: 'Housing', siteRef: 'V-2', share: 0.5 },
        { part: 'Shaft', siteId: farPlant, singleSource: true },
      ],
    });
    expect(response.status).toBe(201);
    const product = response.body.data.product;
    gearbox = product.id;
    // A year's revenue is kept as a day's.
    expect(product).toMatchObject({ sku: 'GB-100', revenuePerDay: 20_000, coverDays: 4 });
    expect(product.parts).toEqual([
      {
        part: 'Housing',
        site: { id: mill, name: 'Mill', externalRef: 'V-1' },
        share: 0.5,
        singleSource: false,
      },
      {
        part: 'Housing',
        site: { id: farPlant, name: 'Far plant', externalRef: 'V-2' },
        share: 0.5,
        singleSource: false,
      },
      {
        part: 'Shaft',
        site: { id: farPlant, name: 'Far plant', externalRef: 'V-2' },
        share: 1,
        singleSource: true,
      },
    ]);
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, gearbox));
    expect(audit?.action).toBe('product.create');
  });

  it.each([
    [{ sku: 'X', name: 'X', revenuePerDay: -1 }, 'revenuePerDay must be 0 or more'],
    [{ sku: 'X', name: 'X', currency: 'XXY' }, 'currency'],
    [{ sku: 'X', name: 'X', revenuePerDay: 1, revenuePerYear: 365 }, 'not both'],
    [{ sku: 'X', name: 'X', coverDays: 400 }, 'coverDays must be between 0 and 365'],
    [
      { sku: 'X', name: 'X', parts: [{ part: 'x', siteRef: 'V-1' }] },
      'a product cannot be one of its own parts',
    ],
    [
      {
        sku: 'X',
        name: 'X',
        parts: [
          { part: 'Bolt', siteRef: 'V-1' },
          { part: 'bolt', siteRef: 'V-1' },
        ],
      },
      'is also in parts.0',
    ],
    [
      {
        sku: 'X',
        name: 'X',
        parts: [
          { part: 'Bolt', siteRef: 'V-1', share: 0.7 },
          { part: 'Bolt', siteRef: 'V-2', share: 0.6 },
        ],
      },
      'add up to 130%',
    ],
    [
      {
        sku: 'X',
        name: 'X',
        parts: [
          { part: 'Bolt', siteRef: 'V-1', singleSource: true },
          { part: 'Bolt', siteRef: 'V-2', share: 0 },
        ],
      },
      'share must be more than 0',
    ],
    [
      {
        sku: 'X',
        name: 'X',
        parts: [
          { part: 'Bolt', siteRef: 'V-1', singleSource: true, share: 0.5 },
          { part: 'Bolt', siteRef: 'V-2', share: 0.5 },
        ],
      },
      'single-source but has 2 sites',
    ],
    [{ sku: 'X', name: 'X', parts: [{ part: 'Bolt' }] }, 'give the site as siteId or siteRef'],
  ])('refuses %j with a message, writing nothing', async (body, message) => {
    const before = await productCount();
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(message);
    expect(await productCount()).toBe(before);
  });

  it("refuses a site of another organization as not found, and another's product", async () => {
    const before = await productCount();
    const response = await post({
      sku: 'X',
      name: 'X',
      parts: [{ part: 'Bolt', siteId: globexSite }],
    });
    expect(response.status).toBe(404);
    expect(await productCount()).toBe(before);
    const theirs = await server.request('GET', `/api/products/${gearbox}`, {
      token: globexManager,
    });
    expect(theirs.status).toBe(404);
    expect((await patch(gearbox, { name: 'Taken' }, globexManager)).status).toBe(404);
    // A reference is looked up among the organization's own sites only.
    const byRef = await post(
      { sku: 'G-1', name: 'Globex gear', parts: [{ part: 'Bolt', siteRef: 'V-2' }] },
      globexManager,
    );
    expect(byRef.status).toBe(400);
    expect(byRef.body).toMatchObject({
      message: 'parts.0.siteRef: no site of the organization has the external reference "V-2"',
    });
  });

  it('refuses a SKU taken, and a viewer', async () => {
    expect((await post({ sku: 'GB-100', name: 'Again' })).status).toBe(409);
    expect((await post({ sku: 'V-ONLY', name: 'Viewer' }, viewer)).status).toBe(403);
  });

  it('imports products by SKU with their parts, and refuses bad rows whole', async () => {
    const response = await bulk({
      products: [
        { sku: 'GB-100', name: 'Gearbox Mk II' },
        {
          sku: 'PM-7',
          name: 'Pump',
          revenuePerDay: 1_000,
          parts: [{ part: 'Impeller', siteRef: 'V-1', share: 1 }],
        },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ created: 1, updated: 1 });
    // The update changed the name only: its bill of materials and revenue stay.
    const [kept] = (await list('q=GB-100')).products;
    expect(kept).toMatchObject({ name: 'Gearbox Mk II', revenuePerDay: 20_000 });
    expect(kept?.parts).toHaveLength(3);

    const before = await productCount();
    const refused = await bulk({
      products: [
        { sku: 'NEW-1', name: 'New', parts: [{ part: 'A', siteRef: 'V-1' }] },
        { sku: 'NEW-2', name: 'New', parts: [{ part: 'A', siteRef: 'NOPE' }] },
        { sku: 'NEW-3', name: 'New', parts: [{ part: 'A', siteId: globexSite }] },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      issues: [
        { path: 'products.1.parts.0.siteRef' },
        { path: 'products.2.parts.0.siteId', message: 'Site not found' },
      ],
    });
    expect(await productCount()).toBe(before);

    const twice = await bulk({
      products: [
        { sku: 'D', name: 'D' },
        { sku: 'D', name: 'D again' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain('sku \\"D\\" is also in products.0');
  });

  it('imports thousands of rows in one request', async () => {
    const rows = Array.from({ length: 3_000 }, (_, i) => ({
      sku: `BULK-${i}`,
      name: `Bulk ${i}`,
      revenuePerDay: i,
      parts: [{ part: `P-${i}`, siteRef: i % 2 ? 'V-1' : 'V-2', share: 0.5 }],
    }));
    const response = await bulk({ products: rows });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ created: 3_000, updated: 0 });
    const lines = await server.database.db
      .select()
      .from(productParts)
      .where(eq(productParts.organizationId, acme));
    expect(lines.length).toBe(3 + 1 + 3_000);
  });

  it('lists, searches by part, filters by site, sorts by revenue and pages', async () => {
    expect((await list('q=impeller')).products.map((p) => p.sku)).toEqual(['PM-7']);
    expect((await list(`siteId=${farPlant}&q=gear`)).products.map((p) => p.sku)).toEqual([
      'GB-100',
    ]);
    expect((await list(`siteId=${farPlant}&q=pump`)).total).toBe(0);
    expect((await list(`siteId=${mill}&q=pump`)).products.map((p) => p.sku)).toEqual(['PM-7']);
    const first = await list('sort=revenue&limit=2');
    expect(first.products.map((p) => p.sku)).toEqual(['GB-100', 'BULK-2999']);
    expect(first.total).toBe(3_002);
    const second = await list(`sort=revenue&limit=2&cursor=${first.nextCursor}`);
    expect(second.products.map((p) => p.sku)).toEqual(['BULK-2998', 'BULK-2997']);
    // The list is the organization's own.
    expect((await list('', globexManager)).total).toBe(0);
  });

  it('imports 100,000 rows in one request, and refuses them whole for one bad line', async () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => ({
      sku: `LARGE-${i}`,
      name: `Large file product ${i}`,
      revenuePerDay: i,
      coverDays: i % 30,
      parts: [{ part: `Part ${i}`, siteId: globexSite, share: 0.5 }],
    }));
    const refused = await bulk(
      {
        products: rows.map((row, i) =>
          i === 99_998 ? { ...row, parts: [{ part: 'P', siteRef: 'NOPE' }] } : row,
        ),
      },
      globexManager,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'products.99998.parts.0.siteRef: no site of the organization has the external reference "NOPE"',
    );
    expect((await list('', globexManager)).total).toBe(0);

    const imported = await bulk({ products: rows }, globexManager);
    expect(imported.status).toBe(200);
    expect(imported.body.data).toEqual({ created: 100_000, updated: 0 });
    const [parts] = await server.database.db
      .select({ count: count() })
      .from(productParts)
      .where(eq(productParts.siteId, globexSite));
    expect(parts?.count).toBe(100_000);
    await runJobs();
    // 100,000 rows written twice over (one refused, one whole): ~20 s alone on a 2-core machine.
  }, 120_000);
});

describe('value at risk and priority from products', () => {
  let strike: string;
  const impactOf = async (id: string): Promise<IncidentImpact | null> => {
    const response = await server.request<IncidentExposureResponse>(
      'GET',
      `/api/incidents/${id}/exposure`,
      { token: manager },
    );
    expect(response.status).toBe(200);
    return response.body.data.impact;
  };
  const gearboxId = async () => (await list('q=GB-100')).products[0]?.id ?? '';

  beforeAll(async () => {
    // Only the gearbox from here on: the imported ones leave the organization's revenue.
    await bulk({
      products: [
        { sku: 'PM-7', name: 'Pump', revenuePerDay: null },
        ...Array.from({ length: 3_000 }, (_, i) => ({
          sku: `BULK-${i}`,
          name: `Bulk ${i}`,
          revenuePerDay: null,
        })),
      ],
    });
    await runJobs();
  });

  it('counts what depends on an exposed site beyond the cover, by its share', async () => {
    strike = await createIncident(manager, {
      title: 'Port strike',
      severity: 'HIGH',
      type: 'STRIKE',
      location: ROTTERDAM,
      affectedRadiusKm: 20,
    });
    // STRIKE HIGH: 10 days down. The gearbox (20,000 a day, 4 days of cover) takes half its
    // housings from the mill: 20,000 × 0.5 × (10 − 4) = 60,000, 3 days of Acme's revenue.
    // Points: severity 2, criticality LOW 0, the mill at 0.28 of the reach 1, value 2, single
    // source 0 = 5, P3.
    expect(await impactOf(strike)).toMatchObject({
      priority: 'P3',
      points: { severity: 2, criticality: 0, proximity: 1, value: 2, singleSource: 0 },
      valueAtRisk: 60_000,
      currency: 'USD',
    });
  });

  it('gives no alternate to a single-source part, and 2 points', async () => {
    const id = await gearboxId();
    const response = await patch(id, {
      parts: [
        { part: 'Housing', siteId: mill, singleSource: true },
        { part: 'Shaft', siteId: farPlant, singleSource: true },
      ],
    });
    expect(response.status).toBe(200);
    await runJobs();
    // 20,000 × 1 × 6 = 120,000 (6 days); 2 + 0 + 1 + 2 + 2 = 7, P2.
    expect(await impactOf(strike)).toMatchObject({
      priority: 'P2',
      points: { value: 2, singleSource: 2 },
      valueAtRisk: 120_000,
    });
  });

  it('puts nothing at risk while the cover outlasts the downtime', async () => {
    expect((await patch(await gearboxId(), { coverDays: 12 })).status).toBe(200);
    await runJobs();
    expect(await impactOf(strike)).toMatchObject({
      priority: 'P3',
      points: { value: 0, singleSource: 2 },
      valueAtRisk: 0,
    });
  });

  it('leaves an archived product out', async () => {
    expect((await patch(await gearboxId(), { coverDays: 0, archived: true })).status).toBe(200);
    await runJobs();
    // The mill then has no revenue known: nothing at risk, and no single source.
    expect(await impactOf(strike)).toMatchObject({
      points: { value: 0, singleSource: 0 },
      valueAtRisk: 0,
    });
  });

  it('shows on each site the revenue that depends on it, from products or entered', async () => {
    const revenueOf = async (siteId: string) => {
      const listed = await server.request<SiteListResponse>('GET', '/api/sites?limit=10', {
        token: viewer,
      });
      const one = await server.request<SiteResponse>('GET', `/api/sites/${siteId}`, {
        token: viewer,
      });
      const fromList = listed.body.data.sites.find((site) => site.id === siteId);
      expect(fromList?.dependentRevenue).toEqual(one.body.data.site.dependentRevenue);
      return one.body.data.site.dependentRevenue;
    };
    // Archived, the gearbox leaves the mill nothing, and the mill has no revenue of its own.
    expect(await revenueOf(mill)).toBeNull();
    const archived = await list('q=GB-100&archived=true');
    const gearbox = archived.products[0]?.id ?? '';
    expect((await patch(gearbox, { archived: false })).status).toBe(200);
    // The only source of the gearbox's housings: all of its 20,000 a day.
    expect(await revenueOf(mill)).toEqual({
      perDay: 20_000,
      currency: 'USD',
      from: 'PRODUCTS',
      products: 1,
      unconverted: [],
    });
    // A product in a currency without a rate is shown apart, never guessed.
    const widget = await post({
      sku: 'W-1',
      name: 'Widget',
      revenuePerDay: 3_000,
      currency: 'JPY',
      parts: [{ part: 'Casing', siteId: mill, share: 0.25 }],
    });
    expect(widget.status).toBe(201);
    expect(await revenueOf(mill)).toMatchObject({
      perDay: 20_000,
      products: 2,
      unconverted: [{ currency: 'JPY', amount: 750 }],
    });
    // A site that supplies no product keeps the revenue entered on it.
    const quay = await server.request<SiteResponse>('POST', '/api/sites', {
      token: manager,
      body: { name: 'Quay', location: { lat: 10, lng: 10 }, revenuePerDay: 5_000 },
    });
    expect(quay.status).toBe(201);
    expect(await revenueOf(quay.body.data.site.id)).toEqual({
      perDay: 5_000,
      currency: 'USD',
      from: 'SITE',
      products: 0,
      unconverted: [],
    });
    // The far plant is the only source of the shaft: the gearbox's 20,000 a day, then nothing
    // once it is archived (the products it still supplies have no revenue).
    expect(await revenueOf(farPlant)).toMatchObject({ perDay: 20_000, from: 'PRODUCTS' });
    expect((await patch(gearbox, { archived: true })).status).toBe(200);
    expect(await revenueOf(farPlant)).toBeNull();
  });
});
