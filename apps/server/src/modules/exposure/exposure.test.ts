import { eq } from 'drizzle-orm';
import type { ExposureSummaryResponse, IncidentExposureResponse } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exposures, shipments, sites } from '../../db/schema.js';
import { incidentSteps } from '../../test/incident-steps.js';
import { OWNER_EMAIL, type TestServer, startTestServer } from '../../test/test-server.js';

/**
 * The exposure engine end to end: incidents recorded through the API, the background worker
 * matching them against sites and shipments, the results read through the API.
 */
let server: TestServer;
let acme: string;
let globex: string;
let manager: string;
let globexManager: string;
let owner: string;

// Around Rotterdam (4.48E, 51.92N): 0.1° of latitude is 11.1 km.
const ROTTERDAM = { lat: 51.92, lng: 4.48 };

beforeAll(async () => {
  server = await startTestServer({ WORKERS: '0' });
  acme = (await server.createOrganization('Acme Exposure')).id;
  globex = (await server.createOrganization('Globex Exposure')).id;
  await server.createUser({
    organizationId: acme,
    email: 'm@acme-x.example',
    adminRole: 'MANAGER',
  });
  await server.createUser({
    organizationId: globex,
    email: 'm@globex-x.example',
    adminRole: 'MANAGER',
  });
  manager = (await server.login('m@acme-x.example')).accessToken;
  globexManager = (await server.login('m@globex-x.example')).accessToken;
  owner = (await server.login(OWNER_EMAIL)).accessToken;
  const { db } = server.database;
  await db.insert(sites).values([
    { organizationId: acme, name: 'Near supplier', lat: 51.97, lng: 4.48, criticality: 'HIGH' }, // 5.6 km
    { organizationId: acme, name: 'Far supplier', lat: 52.42, lng: 4.48 }, // 55.6 km
    { organizationId: acme, name: 'Archived near', lat: 51.93, lng: 4.48, archivedAt: new Date() },
    { organizationId: globex, name: 'Globex near', lat: 51.9, lng: 4.5 },
  ]);
  const later = new Date(Date.now() + 5 * 24 * 3600_000);
  const common = { mode: 'SEA' as const, origin: 'A', destination: 'B', eta: later };
  await db.insert(shipments).values([
    // In the area now.
    { ...common, id: 'S-IN', organizationId: acme, reference: 'IN', lat: 51.9, lng: 4.4 },
    // Far west, heading east through Rotterdam to Germany: its route crosses the area.
    {
      ...common,
      id: 'S-ROUTE',
      organizationId: acme,
      reference: 'ROUTE',
      lat: 51.92,
      lng: 1.0,
      originLat: 51.92,
      originLng: 0,
      destinationLat: 51.92,
      destinationLng: 8.0,
    },
    // Same line, but it already passed Rotterdam.
    {
      ...common,
      id: 'S-PASSED',
      organizationId: acme,
      reference: 'PASSED',
      lat: 51.92,
      lng: 7.0,
      originLat: 51.92,
      originLng: 0,
      destinationLat: 51.92,
      destinationLng: 8.0,
    },
    // Delivered: never exposed.
    {
      ...common,
      id: 'S-DONE',
      organizationId: acme,
      reference: 'DONE',
      lat: 51.92,
      lng: 4.48,
      status: 'DELIVERED',
    },
  ]);
});
afterAll(() => server.close());

const { createIncident, patchIncident } = incidentSteps(() => server);
const patch = (id: string, body: Record<string, unknown>) => patchIncident(manager, id, body);
const exposureOf = async (id: string, token = manager) => {
  const response = await server.request<IncidentExposureResponse>(
    'GET',
    `/api/incidents/${id}/exposure`,
    { token },
  );
  expect(response.status).toBe(200);
  return {
    sites: response.body.data.sites.map((item) => [
      item.site.name,
      item.state,
      item.via,
      item.distanceKm,
    ]),
    shipments: response.body.data.shipments.map((item) => [item.shipment.id, item.state, item.via]),
  };
};

describe('the exposure engine', () => {
  it('finds the sites inside the radius and the shipments there now or on their way through', async () => {
    const id = await createIncident(manager, {
      title: 'Port strike',
      severity: 'HIGH',
      type: 'STRIKE',
      location: ROTTERDAM,
      affectedRadiusKm: 20,
    });
    expect(await exposureOf(id)).toEqual({
      sites: [['Near supplier', 'NEW', 'LOCATION', 5.6]],
      shipments: [
        ['S-IN', 'NEW', 'POSITION'],
        ['S-ROUTE', 'NEW', 'ROUTE'],
      ],
    });
  });

  it('follows the incident as it grows, moves and resolves: new, ongoing, cleared', async () => {
    const id = await createIncident(manager, {
      title: 'Flooding',
      severity: 'MEDIUM',
      type: 'WEATHER',
      location: ROTTERDAM,
      affectedRadiusKm: 20,
    });
    await patch(id, { affectedRadiusKm: 60 });
    expect((await exposureOf(id)).sites).toEqual([
      ['Near supplier', 'ONGOING', 'LOCATION', 5.6],
      ['Far supplier', 'NEW', 'LOCATION', 55.6],
    ]);
    // Moved 200 km south: nothing of Acme's is there any more.
    await patch(id, { location: { lat: 50.12, lng: 4.48 } });
    expect(await exposureOf(id)).toEqual({ sites: [], shipments: [] });
    const kept = await server.database.db
      .select()
      .from(exposures)
      .where(eq(exposures.incidentId, id));
    expect(new Set(kept.map((row) => row.state))).toEqual(new Set(['CLEARED']));
    await patch(id, { location: ROTTERDAM });
    expect((await exposureOf(id)).sites.map(([name, state]) => [name, state])).toEqual([
      ['Near supplier', 'NEW'],
      ['Far supplier', 'NEW'],
    ]);
    await patch(id, { status: 'IN_PROGRESS' });
    await patch(id, { status: 'RESOLVED' });
    expect(await exposureOf(id)).toEqual({ sites: [], shipments: [] });
  });

  it('remembers what the incident exposed while active once it is resolved', async () => {
    const created = new Date();
    const id = await createIncident(manager, {
      title: 'Terminal fire',
      severity: 'HIGH',
      type: 'PORT_CONGESTION',
      location: ROTTERDAM,
      affectedRadiusKm: 20,
    });
    await patch(id, { affectedRadiusKm: 60 });
    // Out of reach of everything, then back: the items come into reach a second time.
    await patch(id, { location: { lat: 50.12, lng: 4.48 } });
    const back = new Date();
    await patch(id, { location: ROTTERDAM, affectedRadiusKm: 20 });
    await patch(id, { status: 'IN_PROGRESS' });
    await patch(id, { status: 'RESOLVED' });
    const resolved = new Date();

    const now = await server.request<IncidentExposureResponse>(
      'GET',
      `/api/incidents/${id}/exposure`,
      { token: manager },
    );
    expect(now.body.data).toMatchObject({ sites: [], shipments: [] });
    // At most two sites (radius 60) and two shipments at once, even with nothing in reach now.
    const { peak } = now.body.data;
    expect(peak).toMatchObject({ sites: 2, shipments: 2 });
    expect(Date.parse(peak.sitesAt ?? '')).toBeGreaterThan(Date.parse(peak.shipmentsAt ?? ''));

    const all = await server.request<IncidentExposureResponse>(
      'GET',
      `/api/incidents/${id}/exposure?include=cleared`,
      { token: manager },
    );
    const near = all.body.data.sites.find((item) => item.site.name === 'Near supplier');
    expect(all.body.data.sites.map((item) => [item.site.name, item.state])).toEqual([
      ['Near supplier', 'CLEARED'],
      ['Far supplier', 'CLEARED'],
    ]);
    expect(all.body.data.shipments.map((item) => item.state)).toEqual(['CLEARED', 'CLEARED']);
    // First exposed when the incident was recorded; in reach again since its return; cleared
    // when it was resolved.
    const at = (value: string | null | undefined) => Date.parse(value ?? '');
    expect(at(near?.firstExposedAt)).toBeGreaterThanOrEqual(created.getTime());
    expect(at(near?.firstExposedAt)).toBeLessThan(back.getTime());
    expect(at(near?.firstSeenAt)).toBeGreaterThanOrEqual(back.getTime());
    expect(at(near?.clearedAt)).toBeGreaterThanOrEqual(back.getTime());
    expect(at(near?.clearedAt)).toBeLessThanOrEqual(resolved.getTime());
    expect(all.body.data.peak).toEqual(peak);

    // Another organization's manager sees no peak of Acme's.
    const other = await server.request<IncidentExposureResponse>(
      'GET',
      `/api/incidents/${id}/exposure`,
      { token: globexManager },
    );
    expect(other.status).toBe(404);
  });

  it("values what is in reach in the organization's currency, and what it reached once resolved", async () => {
    const { db } = server.database;
    const books = await server.request('PUT', '/api/admin/settings/currency', {
      token: owner,
      headers: { 'x-act-as-organization': acme },
      body: { currency: 'EUR', rates: [{ currency: 'USD', rate: 0.9 }], ratesAsOf: '2026-11-27' },
    });
    expect(books.status).toBe(200);
    await db
      .update(sites)
      .set({ revenuePerDay: 10_000, currency: 'EUR' })
      .where(eq(sites.name, 'Near supplier'));
    await db
      .update(shipments)
      .set({ cargoValue: 200_000, cargoCurrency: 'USD' })
      .where(eq(shipments.id, 'S-IN'));
    const id = await createIncident(manager, {
      title: 'Dock workers strike',
      severity: 'HIGH',
      type: 'STRIKE',
      location: ROTTERDAM,
      affectedRadiusKm: 20,
    });
    const valueOf = async () =>
      (
        await server.request<IncidentExposureResponse>('GET', `/api/incidents/${id}/exposure`, {
          token: manager,
        })
      ).body.data.valueAtRisk;
    // The near supplier: 10,000 € a day for a HIGH strike's 10 days; S-IN's cargo: 200,000 $ at
    // 0.9; S-ROUTE has no cargo value.
    const now = await valueOf();
    expect(now).toMatchObject({
      currency: 'EUR',
      basis: 'NOW',
      sites: 100_000,
      shipments: 180_000,
      total: 280_000,
      unknown: { sites: 0, shipments: 1 },
      unconverted: [],
      ratesAsOf: '2026-11-27',
    });
    expect(now.bySite).toEqual([
      expect.objectContaining({ downtimeDays: 10, downtimeFrom: 'INCIDENT', amount: 100_000 }),
    ]);

    // A site that knows its own recovery time: 42 days for a full disruption, so 42 × 10/21
    // (a HIGH strike's 10 days of a CRITICAL one's 21) = 20 days.
    const patched = await server.request('PATCH', `/api/sites/${now.bySite[0]?.siteId}`, {
      token: manager,
      body: { recoveryDays: 42 },
    });
    expect(patched.status).toBe(200);
    expect((await valueOf()).sites).toBe(200_000);

    await patch(id, { status: 'IN_PROGRESS' });
    await patch(id, { status: 'RESOLVED' });
    expect(await valueOf()).toMatchObject({ basis: 'WHILE_ACTIVE', total: 380_000 });
    await db
      .update(sites)
      .set({ revenuePerDay: null, recoveryDays: null })
      .where(eq(sites.name, 'Near supplier'));
    await db
      .update(shipments)
      .set({ cargoValue: null, cargoCurrency: null })
      .where(eq(shipments.id, 'S-IN'));
  });

  it('counts a route only while the shipment is estimated inside the area during the incident', async () => {
    // S-ROUTE covers 480 km in 5 days at an even pace: it is within 20 km of Rotterdam
    // between about 2.3 and 2.7 days from now.
    const day = 24 * 3600_000;
    const window = (from: number, to: number | null) => ({
      title: `Lock closed ${from}–${to}`,
      severity: 'HIGH',
      location: ROTTERDAM,
      affectedRadiusKm: 20,
      startsAt: new Date(Date.now() + from * day).toISOString(),
      endsAt: to === null ? null : new Date(Date.now() + to * day).toISOString(),
    });
    const routed = async (from: number, to: number | null) =>
      (await exposureOf(await createIncident(manager, window(from, to)))).shipments
        .filter(([, , via]) => via === 'ROUTE')
        .map(([shipment]) => shipment);
    expect(await routed(0, 1)).toEqual([]); // over before it gets there
    expect(await routed(3, 4)).toEqual([]); // starts after it has passed
    expect(await routed(2, 2.5)).toEqual(['S-ROUTE']);
    expect(await routed(2.6, null)).toEqual(['S-ROUTE']);
  });

  it('recomputes a shipment when it moves on past the area', async () => {
    const id = await createIncident(manager, {
      title: 'Bridge closed',
      severity: 'HIGH',
      location: ROTTERDAM,
      affectedRadiusKm: 20,
    });
    expect((await exposureOf(id)).shipments.map(([shipment]) => shipment)).toContain('S-ROUTE');
    await server.database.db
      .update(shipments)
      .set({ lng: 6.5, updatedAt: new Date() })
      .where(eq(shipments.id, 'S-ROUTE'));
    await server.app.jobWorker.runDue();
    const { ExposureEngine } = await import('./exposure.engine.js');
    await new ExposureEngine(server.database.db).recomputeTarget('SHIPMENT', 'S-ROUTE', acme);
    expect((await exposureOf(id)).shipments.map(([shipment]) => shipment)).not.toContain('S-ROUTE');
  });

  it('matches a global incident against each organization, and each sees only its own', async () => {
    const id = await createIncident(owner, {
      title: 'North Sea storm',
      severity: 'CRITICAL',
      type: 'WEATHER',
      scope: 'GLOBAL',
      location: ROTTERDAM,
      affectedRadiusKm: 20,
    });
    expect((await exposureOf(id, manager)).sites.map(([name]) => name)).toEqual(['Near supplier']);
    expect((await exposureOf(id, globexManager)).sites.map(([name]) => name)).toEqual([
      'Globex near',
    ]);
    const summary = await server.request<ExposureSummaryResponse>(
      'GET',
      '/api/exposure/summary?scope=GLOBAL',
      {
        token: globexManager,
      },
    );
    // CRITICAL 3 + a MEDIUM site 1 + 2.6 km of 20 (2) + no value known 0 = 6: P2.
    expect(summary.body.data.incidents).toEqual([
      { incidentId: id, sites: 1, shipments: 0, priority: 'P2' },
    ]);
    expect(summary.body.data.exposedShipmentIds).toEqual([]);
    expect(summary.body.data.exposedSiteIds).toHaveLength(1);
  });

  it('gives the routes still ahead of the exposed shipments, for the map', async () => {
    const response = await server.request<{ data: { id: string; route: number[][] }[] }>(
      'GET',
      '/api/atlas/exposed-routes?scope=ORG',
      { token: manager },
    );
    expect(response.status).toBe(200);
    const byId = new Map(response.body.data.map((item) => [item.id, item.route]));
    expect(byId.get('S-IN')).toEqual([[4.4, 51.9]]);
    expect(byId.has('S-PASSED')).toBe(false);
  });

  it("reaches sites north of 80°N from RFC 7946's polar box and from a ring round the pole", async () => {
    await server.database.db.insert(sites).values([
      { organizationId: acme, name: 'Station Nord', lat: 81.6, lng: -16.7 },
      { organizationId: acme, name: 'Alert', lat: 82.5, lng: -62.3 },
      { organizationId: acme, name: 'Longyearbyen', lat: 78.2, lng: 15.6 },
    ]);
    const areas = [
      [
        [-180, 80],
        [180, 80],
        [180, 90],
        [-180, 90],
        [-180, 80],
      ],
      [
        [0, 80],
        [90, 80],
        [180, 80],
        [-90, 80],
        [0, 80],
      ],
    ];
    for (const ring of areas) {
      const id = await createIncident(manager, {
        title: 'Sea ice closes the route',
        severity: 'HIGH',
        type: 'WEATHER',
        area: { type: 'Polygon', coordinates: [ring] },
      });
      const reached = (await exposureOf(id)).sites.map(([name, state]) => `${name}: ${state}`);
      expect(reached.sort()).toEqual(['Alert: NEW', 'Station Nord: NEW']);
    }
  });

  it("answers 404 for another organization's incident", async () => {
    const id = await createIncident(manager, {
      title: 'Acme only',
      severity: 'LOW',
      location: ROTTERDAM,
    });
    const response = await server.request('GET', `/api/incidents/${id}/exposure`, {
      token: globexManager,
    });
    expect(response.status).toBe(404);
  });

  it('counts per incident for the Events list (ORG: the organization’s own incidents)', async () => {
    const response = await server.request<ExposureSummaryResponse>(
      'GET',
      '/api/exposure/summary?scope=ORG',
      {
        token: manager,
      },
    );
    expect(response.status).toBe(200);
    for (const row of response.body.data.incidents)
      expect(row.sites + row.shipments).toBeGreaterThan(0);
    expect(response.body.data.incidents.length).toBeGreaterThan(0);
  });

  it('filters the Events list to incidents that reach something of the organization', async () => {
    const reaching = await createIncident(manager, {
      title: 'Reaching',
      severity: 'LOW',
      location: ROTTERDAM,
    });
    const remote = await createIncident(manager, {
      title: 'Remote',
      severity: 'LOW',
      location: { lat: -40, lng: 170 },
    });
    const response = await server.request<{ data: { id: string }[] }>(
      'GET',
      '/api/atlas/events?scope=ORG&limit=500&exposed=true',
      { token: manager },
    );
    const ids = response.body.data.map((incident) => incident.id);
    expect(ids).toContain(reaching);
    expect(ids).not.toContain(remote);
  });
});
