import type {
  IncidentExposureResponse,
  IncidentImpact,
  IncidentListResponse,
} from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { incidentImpacts, sites } from '../../db/schema.js';
import { incidentSteps } from '../../test/incident-steps.js';
import { OWNER_EMAIL, type TestServer, startTestServer } from '../../test/test-server.js';

/**
 * Each incident's priority and value at risk per organization, computed with its exposure by
 * the background worker and read through the API: the figures are worked by hand from the
 * README's tables (STRIKE HIGH: 10 days down; points severity 2, proximity 1 within half the
 * reach, value 2 from a day of revenue and 3 from seven).
 */
let server: TestServer;
let acme: string;
let globex: string;
let manager: string;
let admin: string;
let globexManager: string;
let owner: string;
let plant: string;

// Around Rotterdam (4.48E, 51.92N): 0.1° of latitude is 11.1 km.
const ROTTERDAM = { lat: 51.92, lng: 4.48 };
const FAR_AWAY = { lat: 10, lng: 4.48 };

beforeAll(async () => {
  server = await startTestServer({ WORKERS: '0' });
  acme = (await server.createOrganization('Acme Impact')).id;
  globex = (await server.createOrganization('Globex Impact')).id;
  await server.createUser({
    organizationId: acme,
    email: 'm@acme-i.example',
    adminRole: 'MANAGER',
  });
  await server.createUser({ organizationId: acme, email: 'a@acme-i.example', adminRole: 'ADMIN' });
  await server.createUser({
    organizationId: globex,
    email: 'm@globex-i.example',
    adminRole: 'MANAGER',
  });
  manager = (await server.login('m@acme-i.example')).accessToken;
  admin = (await server.login('a@acme-i.example')).accessToken;
  globexManager = (await server.login('m@globex-i.example')).accessToken;
  owner = (await server.login(OWNER_EMAIL)).accessToken;
  const { db } = server.database;
  const [row] = await db
    .insert(sites)
    .values([
      // 5.6 km from Rotterdam.
      {
        organizationId: acme,
        name: 'Plant',
        lat: 51.97,
        lng: 4.48,
        criticality: 'LOW',
        revenuePerDay: 10_000,
        currency: 'USD',
      },
      // 55.6 km: outside a 20 km reach; its revenue still counts in Acme's 100,000 a day.
      {
        organizationId: acme,
        name: 'Far warehouse',
        lat: 52.42,
        lng: 4.48,
        criticality: 'HIGH',
        revenuePerDay: 90_000,
        currency: 'USD',
      },
      {
        organizationId: globex,
        name: 'Globex mill',
        lat: 51.93,
        lng: 4.48,
        criticality: 'CRITICAL',
      },
    ])
    .returning({ id: sites.id });
  plant = row?.id ?? '';
});
afterAll(() => server.close());

const { runJobs, createIncident, patchIncident: patchAs } = incidentSteps(() => server);
const patchIncident = (id: string, body: Record<string, unknown>) => patchAs(manager, id, body);
const patchPlant = async (body: Record<string, unknown>) => {
  const response = await server.request('PATCH', `/api/sites/${plant}`, { token: manager, body });
  expect(response.status).toBe(200);
  await runJobs();
};
const impactOf = async (id: string, token = manager): Promise<IncidentImpact | null> => {
  const response = await server.request<IncidentExposureResponse>(
    'GET',
    `/api/incidents/${id}/exposure`,
    { token },
  );
  expect(response.status).toBe(200);
  return response.body.data.impact;
};
const list = async (query: string, token = manager) => {
  const response = await server.request<IncidentListResponse>(
    'GET',
    `/api/atlas/events?limit=50&${query}`,
    { token },
  );
  expect(response.status).toBe(200);
  return response.body.data;
};

describe('priority and value at risk', () => {
  let strike: string;

  it('gives an incident that reaches a site its points, priority and value at risk', async () => {
    strike = await createIncident(manager, {
      title: 'Port strike',
      severity: 'HIGH',
      type: 'STRIKE',
      location: ROTTERDAM,
      affectedRadiusKm: 20,
    });
    // 10 days × 10,000 = 100,000 at risk: one day of Acme's 100,000 a day.
    expect(await impactOf(strike)).toMatchObject({
      priority: 'P3',
      points: { severity: 2, criticality: 0, proximity: 1, value: 2, singleSource: 0 },
      valueAtRisk: 100_000,
      currency: 'USD',
      basis: 'NOW',
    });
    // Each site's part is kept with it, for Insights' value at risk by supplier.
    const [kept] = await server.database.db
      .select({ siteValues: incidentImpacts.siteValues })
      .from(incidentImpacts)
      .where(eq(incidentImpacts.incidentId, strike));
    expect(kept?.siteValues).toEqual([{ siteId: plant, amount: 100_000 }]);
  });

  it('rises when a critical site becomes exposed, and with the value that depends on it', async () => {
    await patchPlant({ criticality: 'CRITICAL' });
    expect(await impactOf(strike)).toMatchObject({ priority: 'P2', points: { criticality: 3 } });
    // 10 days × 1,000,000 against 1,090,000 a day: 9.2 days of revenue, three points.
    await patchPlant({ revenuePerDay: 1_000_000 });
    expect(await impactOf(strike)).toMatchObject({
      priority: 'P1',
      points: { value: 3 },
      valueAtRisk: 10_000_000,
    });
  });

  it("follows the organization's currency and rates", async () => {
    const saved = await server.request('PUT', '/api/admin/settings/currency', {
      token: admin,
      body: { currency: 'EUR', rates: [{ currency: 'USD', rate: 0.5 }], ratesAsOf: '2026-11-28' },
    });
    expect(saved.status).toBe(200);
    await runJobs();
    expect(await impactOf(strike)).toMatchObject({
      priority: 'P1',
      valueAtRisk: 5_000_000,
      currency: 'EUR',
    });
  });

  it('has no priority once it reaches nothing, and keeps what it put at risk while active', async () => {
    await patchIncident(strike, { location: FAR_AWAY });
    expect(await impactOf(strike)).toMatchObject({
      priority: null,
      points: null,
      valueAtRisk: 5_000_000,
      basis: 'WHILE_ACTIVE',
    });
    await patchIncident(strike, { location: ROTTERDAM });
    expect((await impactOf(strike))?.priority).toBe('P1');
    await patchIncident(strike, { status: 'IN_PROGRESS' });
    await patchIncident(strike, { status: 'RESOLVED' });
    expect(await impactOf(strike)).toMatchObject({
      priority: null,
      valueAtRisk: 5_000_000,
      basis: 'WHILE_ACTIVE',
    });
    await patchIncident(strike, { status: 'OPEN', reason: 'The strike resumed' });
    expect((await impactOf(strike))?.priority).toBe('P1');
  });

  it('sorts and filters the Events list by priority, each incident with its own', async () => {
    // A low storm whose 100 km reach takes in the far warehouse too.
    const storm = await createIncident(manager, {
      title: 'Storm',
      severity: 'LOW',
      type: 'WEATHER',
      location: { lat: 52.3, lng: 4.48 },
      affectedRadiusKm: 100,
    });
    const quiet = await createIncident(manager, {
      title: 'Far away',
      severity: 'CRITICAL',
      type: 'CYBER',
      location: FAR_AWAY,
      affectedRadiusKm: 10,
    });
    const stormPriority = (await impactOf(storm))?.priority;
    expect(stormPriority).toMatch(/^P[2-4]$/);
    const sorted = await list('sort=priority');
    expect(sorted.slice(0, 3).map((incident) => incident.id)).toEqual([strike, storm, quiet]);
    expect(sorted.map((incident) => incident.impact?.priority ?? null).slice(0, 3)).toEqual([
      'P1',
      stormPriority,
      null,
    ]);
    expect((await list('priority=P1')).map((incident) => incident.id)).toEqual([strike]);
    expect((await list('priority=NONE')).map((incident) => incident.id)).toEqual([quiet]);
    expect(
      (await list(`priority=P1,${stormPriority ?? 'P4'}&sort=priority`)).map((i) => i.id),
    ).toEqual([strike, storm]);
    // A page at a time, in the same order.
    const first = await server.request<IncidentListResponse & { page: { nextCursor: string } }>(
      'GET',
      '/api/atlas/events?limit=1&sort=priority',
      { token: manager },
    );
    const second = await list(
      `sort=priority&cursor=${encodeURIComponent(first.body.page.nextCursor)}`,
    );
    expect([first.body.data[0]?.id, second[0]?.id]).toEqual([strike, storm]);
    // Two at a time, from the ranked incidents into the others: the same list, nothing twice.
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: {
        status: number;
        body: IncidentListResponse & { page: { nextCursor: string | null } };
      } = await server.request(
        'GET',
        `/api/atlas/events?limit=2&sort=priority${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        {
          token: manager,
        },
      );
      expect(page.status).toBe(200);
      walked.push(...page.body.data.map((incident) => incident.id));
      cursor = page.body.page.nextCursor;
    } while (cursor);
    expect(walked).toEqual(sorted.map((incident) => incident.id));
  });

  it('gives a global incident a priority of its own in each organization', async () => {
    const quake = await createIncident(owner, {
      title: 'Earthquake',
      severity: 'CRITICAL',
      type: 'NATURAL_HAZARD',
      scope: 'GLOBAL',
      location: ROTTERDAM,
      affectedRadiusKm: 20,
    });
    const acmeImpact = await impactOf(quake);
    const globexImpact = await impactOf(quake, globexManager);
    // Globex's mill has no revenue entered: no value at risk, and no value points.
    expect(globexImpact).toMatchObject({ valueAtRisk: 0, points: { criticality: 3, value: 0 } });
    expect(acmeImpact?.valueAtRisk).toBeGreaterThan(0);
    expect(acmeImpact?.priority).toBe('P1');
    // Globex sees none of Acme's incidents, and filters by its own priorities.
    const globexList = await list('scope=GLOBAL&sort=priority', globexManager);
    expect(globexList.map((incident) => incident.id)).not.toContain(strike);
    expect(globexList[0]?.id).toBe(quake);
    expect(globexList[0]?.impact?.priority).toBe(globexImpact?.priority);
  });

  it('refuses an unknown priority with a message', async () => {
    const response = await server.request('GET', '/api/atlas/events?limit=5&priority=P9', {
      token: manager,
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('priority must be one or more of P1, P2');
  });
});
