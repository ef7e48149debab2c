import { and, eq } from 'drizzle-orm';
import type {
  BulkResponse,
  ErrorBody,
  IncidentExposureResponse,
  IncidentResponse,
  ShipmentDetail,
  ShipmentListResponse,
  ShipmentPageResponse,
  ShipmentResponse,
  SiteResponse,
} from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, shipments } from '../../db/schema.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';

/** Shipments through the API: ends, linked sites, who may do what, lists, bulk and exposure. */
let server: TestServer;
let acme: string;
let manager: string;
let viewer: string;
let globexManager: string;
let supplierId: string;
let globexSiteId: string;

const ROTTERDAM = { lat: 51.95, lng: 4.14 };
const SHANGHAI = { lat: 30.63, lng: 122.07 };

beforeAll(async () => {
  server = await startTestServer({ WORKERS: '0' });
  acme = (await server.createOrganization('Acme Shipments')).id;
  const globex = (await server.createOrganization('Globex Shipments')).id;
  for (const [organizationId, email, adminRole] of [
    [acme, 'm@acme-sh.example', 'MANAGER'],
    [acme, 'v@acme-sh.example', 'VIEWER'],
    [globex, 'm@globex-sh.example', 'MANAGER'],
  ] as const) {
    await server.createUser({ organizationId, email, adminRole });
  }
  manager = (await server.login('m@acme-sh.example')).accessToken;
  viewer = (await server.login('v@acme-sh.example')).accessToken;
  globexManager = (await server.login('m@globex-sh.example')).accessToken;
  const site = async (token: string, body: Record<string, unknown>) =>
    (await server.request<SiteResponse>('POST', '/api/sites', { token, body })).body.data.site.id;
  supplierId = await site(manager, {
    externalRef: 'SUP-1',
    name: 'Shanghai Supplier',
    location: SHANGHAI,
  });
  globexSiteId = await site(globexManager, { name: 'Globex supplier', location: SHANGHAI });
});
afterAll(() => server.close());

const create = (body: Record<string, unknown>, token = manager) =>
  server.request<ShipmentResponse & ErrorBody>('POST', '/api/shipments', { token, body });
const created = async (body: Record<string, unknown>): Promise<ShipmentDetail> => {
  const response = await create(body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data.shipment;
};
const patch = (id: string, body: Record<string, unknown>, token = manager) =>
  server.request<ShipmentResponse & ErrorBody>('PATCH', `/api/shipments/${id}`, { token, body });
const bulk = (rows: unknown[], token = manager) =>
  server.request<BulkResponse & ErrorBody>('POST', '/api/shipments/bulk', {
    token,
    body: { shipments: rows },
  });
const byReference = async (reference: string) => {
  const [row] = await server.database.db
    .select()
    .from(shipments)
    .where(and(eq(shipments.organizationId, acme), eq(shipments.reference, reference)));
  return row;
};

describe('one shipment', () => {
  it('takes its ends from UN/LOCODEs, starts at its origin, links its sites, and is audited', async () => {
    const shipment = await created({
      reference: 'PO-1001',
      mode: 'SEA',
      carrier: 'Maersk',
      origin: { locode: 'cnsha' },
      destination: { locode: 'NLRTM', name: 'Rotterdam Maasvlakte' },
      departureAt: '2026-03-01T00:00:00Z',
      eta: '2026-04-02T12:00:00Z',
      siteIds: [supplierId],
    });
    expect(shipment).toMatchObject({
      reference: 'PO-1001',
      carrier: 'Maersk',
      status: 'IN_TRANSIT',
      origin: 'Shanghai',
      destination: 'Rotterdam Maasvlakte',
      originPlace: { name: 'Shanghai', locode: 'CNSHA', ...SHANGHAI },
      destinationPlace: { name: 'Rotterdam Maasvlakte', locode: 'NLRTM', ...ROTTERDAM },
      currentPosition: SHANGHAI,
      eta: '2026-04-02T12:00:00.000Z',
      departureAt: '2026-03-01T00:00:00.000Z',
      // At its origin as of its departure; its ETA has passed, so it is taken to be there.
      positionAt: '2026-03-01T00:00:00.000Z',
      estimatedPosition: ROTTERDAM,
      siteIds: [supplierId],
    });
    expect(shipment.route).toEqual([
      [SHANGHAI.lng, SHANGHAI.lat],
      [SHANGHAI.lng, SHANGHAI.lat],
      [ROTTERDAM.lng, ROTTERDAM.lat],
    ]);
    const read = await server.request<ShipmentResponse>('GET', `/api/shipments/${shipment.id}`, {
      token: viewer,
    });
    expect(read.body.data.shipment).toEqual(shipment);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'shipment.create'), eq(auditLog.targetId, shipment.id)));
    expect(audit).toHaveLength(1);
  });

  it('falls back to coordinates, then to the geocoder for a place name', async () => {
    const shipment = await created({
      reference: 'PO-1002',
      mode: 'AIR',
      origin: { name: 'Hamburg, Germany' },
      destination: { name: 'Our DC', lat: 45.76, lng: 4.84 },
      currentPosition: { lat: 50, lng: 8 },
    });
    expect(shipment.originPlace?.lat).toBeCloseTo(53.55, 1);
    expect(shipment.destinationPlace).toEqual({
      name: 'Our DC',
      locode: null,
      lat: 45.76,
      lng: 4.84,
    });
    expect(shipment.currentPosition).toEqual({ lat: 50, lng: 8 });
    // Air: a great circle in steps.
    expect(shipment.route.length).toBeGreaterThan(2);
  });

  it('refuses ends it cannot place, naming the field', async () => {
    const unknown = await create({
      reference: 'PO-BAD-1',
      mode: 'SEA',
      origin: { locode: 'ZZQQQ' },
      destination: { locode: 'NLRTM' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^origin\.locode: UN\/LOCODE ZZQQQ is not in/);
    const unfindable = await create({
      reference: 'PO-BAD-2',
      mode: 'SEA',
      origin: { locode: 'NLRTM' },
      destination: { name: 'Qwxzyville Upon Nothing' },
    });
    expect(unfindable.status).toBe(400);
    expect(unfindable.body.message).toMatch(
      /^destination\.name: "Qwxzyville Upon Nothing" was not found/,
    );
    const badEta = await create({
      reference: 'PO-BAD-3',
      mode: 'SEA',
      origin: { locode: 'NLRTM' },
      destination: { locode: 'CNSHA' },
      departureAt: '2026-05-01T00:00:00Z',
      eta: '2026-04-01T00:00:00Z',
    });
    expect(badEta.body.message).toBe('eta: eta must not be before departureAt');
    expect(await byReference('PO-BAD-1')).toBeUndefined();
  });

  it('refuses a reference already used (409) and sites that are not the organization’s (400)', async () => {
    const base = { mode: 'ROAD', origin: { locode: 'NLRTM' }, destination: { locode: 'BEANR' } };
    expect((await create({ ...base, reference: 'PO-1001' })).status).toBe(409);
    const foreign = await create({ ...base, reference: 'PO-S1', siteIds: [globexSiteId] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(
      `siteIds: site ${globexSiteId} is not one of the organization's sites`,
    );
    const unknownRef = await create({ ...base, reference: 'PO-S2', siteRefs: ['NOPE'] });
    expect(unknownRef.body.message).toBe(
      'siteRefs: no site of the organization has externalRef "NOPE"',
    );
    const byRef = await created({ ...base, reference: 'PO-S3', siteRefs: ['SUP-1'] });
    expect(byRef.siteIds).toEqual([supplierId]);
  });

  it('takes position reports, status, ETA, waypoints and linked sites; viewers and outsiders cannot', async () => {
    const shipment = await created({
      reference: 'PO-1003',
      mode: 'SEA',
      origin: { locode: 'CNSHA' },
      destination: { locode: 'NLRTM' },
      siteIds: [supplierId],
    });
    expect((await patch(shipment.id, { status: 'DELAYED' }, viewer)).status).toBe(403);
    expect((await patch(shipment.id, { status: 'DELAYED' }, globexManager)).status).toBe(404);
    expect(
      (await server.request('GET', `/api/shipments/${shipment.id}`, { token: globexManager }))
        .status,
    ).toBe(404);
    const moved = await patch(shipment.id, {
      currentPosition: { lat: 12.5, lng: 43.3 },
      status: 'DELAYED',
      eta: '2026-05-01T00:00:00Z',
      waypoints: [[43.3, 12.5]],
      siteIds: [],
    });
    expect(moved.status).toBe(200);
    // A report is the position now; an ETA already past does not move it on.
    expect(Date.now() - Date.parse(moved.body.data.shipment.positionAt)).toBeLessThan(60_000);
    expect(moved.body.data.shipment).toMatchObject({
      currentPosition: { lat: 12.5, lng: 43.3 },
      estimatedPosition: null,
      status: 'DELAYED',
      eta: '2026-05-01T00:00:00.000Z',
      siteIds: [],
      route: [
        [SHANGHAI.lng, SHANGHAI.lat],
        [43.3, 12.5],
        [ROTTERDAM.lng, ROTTERDAM.lat],
      ],
    });
    const unlinked = await patch(shipment.id, { carrier: 'CMA CGM' });
    expect(unlinked.body.data.shipment).toMatchObject({ carrier: 'CMA CGM', status: 'DELAYED' });
  });

  it('moves on from a position reported at its own time; a time with no position, or ahead, is refused', async () => {
    const HOUR = 3600_000;
    const seen = new Date(Date.now() - 2 * HOUR);
    // Seen at sea two hours ago, arriving in two hours: half way from there now.
    const shipment = await created({
      reference: 'PO-TRACKED',
      mode: 'SEA',
      origin: { locode: 'CNSHA' },
      destination: { name: 'Channel', lat: 50, lng: 0 },
      departureAt: new Date(Date.now() - 10 * HOUR).toISOString(),
      eta: new Date(Date.now() + 2 * HOUR).toISOString(),
      currentPosition: { lat: 50, lng: -10 },
      positionAt: seen.toISOString(),
    });
    expect(shipment.positionAt).toBe(seen.toISOString());
    expect(shipment.estimatedPosition?.lng).toBeCloseTo(-5, 0);

    const early = await patch(shipment.id, { positionAt: seen.toISOString() });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('positionAt: positionAt goes with currentPosition');
    const ahead = await patch(shipment.id, {
      currentPosition: { lat: 50, lng: -2 },
      positionAt: new Date(Date.now() + HOUR).toISOString(),
    });
    expect(ahead.status).toBe(400);
    expect(ahead.body.message).toBe('positionAt: positionAt cannot be in the future');
    expect((await byReference('PO-TRACKED'))?.positionAt.toISOString()).toBe(seen.toISOString());
  });

  it('carries its cargo value in a known currency; a value alone, negative or unknown is refused', async () => {
    const shipment = await created({
      reference: 'PO-VALUED',
      mode: 'AIR',
      origin: { locode: 'CNSHA' },
      destination: { locode: 'NLRTM' },
      cargoValue: 1_250_000,
      cargoCurrency: 'USD',
    });
    expect(shipment).toMatchObject({ cargoValue: 1_250_000, cargoCurrency: 'USD' });
    const changed = await patch(shipment.id, { cargoValue: 980_000.5, cargoCurrency: 'EUR' });
    expect(changed.body.data.shipment).toMatchObject({
      cargoValue: 980_000.5,
      cargoCurrency: 'EUR',
    });
    for (const [body, message] of [
      [{ cargoValue: 10 }, 'cargoCurrency: cargoCurrency goes with cargoValue'],
      [
        { cargoValue: -1, cargoCurrency: 'EUR' },
        'cargoValue: Too small: expected number to be >=0',
      ],
      [{ cargoValue: 10, cargoCurrency: 'XQQ' }, 'cargoCurrency: is not a known ISO 4217 currency'],
      [{ cargoValue: 10, cargoCurrency: 'usd' }, 'cargoCurrency: must be an ISO 4217 code'],
    ] as const) {
      const refused = await patch(shipment.id, body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    const kept = await byReference('PO-VALUED');
    expect([kept?.cargoValue, kept?.cargoCurrency]).toEqual([980_000.5, 'EUR']);
    const cleared = await patch(shipment.id, { cargoValue: null, cargoCurrency: null });
    expect(cleared.body.data.shipment).toMatchObject({ cargoValue: null, cargoCurrency: null });
  });

  it('shows on the Atlas with its carrier, status and ETA', async () => {
    const atlas = await server.request<ShipmentListResponse>('GET', '/api/atlas/shipments', {
      token: viewer,
    });
    expect(atlas.body.data.find((row) => row.reference === 'PO-1001')).toMatchObject({
      currentPosition: SHANGHAI,
      carrier: 'Maersk',
      status: 'IN_TRANSIT',
      eta: '2026-04-02T12:00:00.000Z',
    });
  });
});

describe('the list', () => {
  it('pages by reference with the total, searches and filters', async () => {
    const references: string[] = [];
    let cursor: string | null = null;
    let total: number;
    do {
      const page: ShipmentPageResponse = (
        await server.request<ShipmentPageResponse>(
          'GET',
          `/api/shipments?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          { token: viewer },
        )
      ).body;
      references.push(...page.data.shipments.map((shipment) => shipment.reference));
      cursor = page.data.nextCursor;
      total = page.data.total;
    } while (cursor);
    expect(references).toEqual([...references].sort());
    expect(new Set(references).size).toBe(total);
    const search = await server.request<ShipmentPageResponse>(
      'GET',
      '/api/shipments?q=maersk&mode=SEA',
      { token: viewer },
    );
    expect(search.body.data.shipments.map((shipment) => shipment.reference)).toEqual(['PO-1001']);
    const delayed = await server.request<ShipmentPageResponse>(
      'GET',
      '/api/shipments?status=DELAYED',
      {
        token: viewer,
      },
    );
    expect(delayed.body.data.total).toBe(1);
    const other = await server.request<ShipmentPageResponse>('GET', '/api/shipments', {
      token: globexManager,
    });
    expect(other.body.data.total).toBe(0);
  });
});

describe('bulk writes', () => {
  it('creates, then updates by reference only what a row gives, linking sites by reference', async () => {
    const first = await bulk([
      {
        reference: 'BK-1',
        mode: 'SEA',
        carrier: 'MSC',
        origin: { locode: 'CNSHA' },
        destination: { locode: 'DEHAM' },
        currentPosition: { lat: 5, lng: 80 },
        siteRefs: ['SUP-1'],
      },
      {
        reference: 'BK-2',
        mode: 'ROAD',
        origin: { locode: 'NLRTM' },
        destination: { locode: 'BEANR' },
      },
    ]);
    expect(first.body).toEqual({ message: 'Shipments imported', data: { created: 2, updated: 0 } });
    const again = await bulk([
      {
        reference: 'BK-1',
        mode: 'SEA',
        origin: { locode: 'CNSHA' },
        destination: { locode: 'NLRTM' },
        status: 'DELAYED',
      },
      {
        reference: 'BK-3',
        mode: 'RAIL',
        origin: { locode: 'CNCGO' },
        destination: { locode: 'DEHAM' },
      },
    ]);
    expect(again.body.data).toEqual({ created: 1, updated: 1 });
    expect(await byReference('BK-1')).toMatchObject({
      carrier: 'MSC',
      status: 'DELAYED',
      destinationLocode: 'NLRTM',
      lat: 5,
      lng: 80,
    });
    const id = (await byReference('BK-1'))?.id ?? '';
    const detail = await server.request<ShipmentResponse>('GET', `/api/shipments/${id}`, {
      token: viewer,
    });
    expect(detail.body.data.shipment.siteIds).toEqual([supplierId]);
  });

  it('writes nothing when a row is bad, naming each bad row; refuses a reference twice', async () => {
    const before = (
      await server.request<ShipmentPageResponse>('GET', '/api/shipments', { token: viewer })
    ).body.data.total;
    const response = await bulk([
      {
        reference: 'BK-10',
        mode: 'SEA',
        origin: { locode: 'CNSHA' },
        destination: { locode: 'NLRTM' },
      },
      {
        reference: 'BK-11',
        mode: 'SEA',
        origin: { locode: 'QQQQQ' },
        destination: { locode: 'NLRTM' },
      },
      {
        reference: 'BK-12',
        mode: 'SEA',
        origin: { locode: 'CNSHA' },
        destination: { locode: 'NLRTM' },
        siteRefs: ['NOPE'],
      },
    ]);
    expect(response.status).toBe(400);
    expect(response.body.issues?.map((issue) => issue.path)).toEqual([
      'shipments.1.origin.locode',
      'shipments.2.siteRefs',
    ]);
    const after = (
      await server.request<ShipmentPageResponse>('GET', '/api/shipments', { token: viewer })
    ).body.data.total;
    expect(after).toBe(before);
    const twice = await bulk([
      {
        reference: 'BK-20',
        mode: 'SEA',
        origin: { locode: 'CNSHA' },
        destination: { locode: 'NLRTM' },
      },
      {
        reference: 'BK-20',
        mode: 'AIR',
        origin: { locode: 'CNSHA' },
        destination: { locode: 'NLRTM' },
      },
    ]);
    expect(twice.body.message).toBe(
      'shipments.1.reference: reference "BK-20" is also in shipments.0',
    );
    expect((await bulk([{ reference: 'X' }], viewer)).status).toBe(400);
    expect(
      (
        await bulk(
          [
            {
              reference: 'BK-30',
              mode: 'SEA',
              origin: { locode: 'CNSHA' },
              destination: { locode: 'NLRTM' },
            },
          ],
          viewer,
        )
      ).status,
    ).toBe(403);
  });
});

describe('exposure', () => {
  const runJobs = () => server.app.jobWorker.runDue();

  it('is recomputed after a shipment is created, reports a position, and after a bulk write', async () => {
    const incident = await server.request<IncidentResponse>('POST', '/api/incidents', {
      token: manager,
      body: {
        title: 'Canal blocked',
        severity: 'CRITICAL',
        type: 'PORT_CONGESTION',
        location: { lat: 30.0, lng: 32.55 },
        affectedRadiusKm: 80,
      },
    });
    const incidentId = incident.body.data.incident.id;
    await runJobs();
    const exposed = async () =>
      (
        await server.request<IncidentExposureResponse>(
          'GET',
          `/api/incidents/${incidentId}/exposure`,
          {
            token: viewer,
          },
        )
      ).body.data.shipments.map((item) => [item.shipment.reference, item.via]);

    const shipment = await created({
      reference: 'SUEZ-1',
      mode: 'SEA',
      origin: { locode: 'SGSIN' },
      destination: { locode: 'ITGOA' },
      currentPosition: { lat: 29.9, lng: 32.56 },
    });
    await runJobs();
    expect(await exposed()).toEqual([['SUEZ-1', 'POSITION']]);

    await patch(shipment.id, { currentPosition: { lat: 38.0, lng: 15.0 } });
    await runJobs();
    expect(await exposed()).toEqual([]);

    await bulk([
      {
        reference: 'SUEZ-2',
        mode: 'SEA',
        origin: { locode: 'SGSIN' },
        destination: { locode: 'ITGOA' },
        currentPosition: { lat: 30.05, lng: 32.5 },
      },
    ]);
    await runJobs();
    expect(await exposed()).toEqual([['SUEZ-2', 'POSITION']]);
  });
});
