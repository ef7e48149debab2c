import type {
  ExposureSummaryResponse,
  AssessmentBulkResponse,
  AssessmentListResponse,
  AssessmentResponse,
  IncidentExposureResponse,
  SiteAssessmentHistoryResponse,
  TimelineResponse,
} from '@meridian/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, siteAssessments } from '../../db/schema.js';
import { incidentSteps } from '../../test/incident-steps.js';
import { signedInMembers } from '../../test/members.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';

/**
 * How exposed sites stand in an incident, set by the organization's editors, and what it does
 * to value at risk and priority: over real HTTP on both databases.
 */
let server: TestServer;
const steps = incidentSteps(() => server);
const token = { admin: '', manager: '', viewer: '', outsider: '' };
const site = { plant: '', depot: '', far: '', foreign: '' };
let incidentId = '';

const DAY_MS = 24 * 60 * 60_000;
const dayFromNow = (days: number) =>
  new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

async function createSite(
  as: string,
  name: string,
  lat: number,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const response = await server.request<{ data: { site: { id: string } } }>('POST', '/api/sites', {
    token: as,
    body: { name, kind: 'SUPPLIER', location: { lat, lng: 101.4 }, ...extra },
  });
  expect(response.status).toBe(201);
  return response.body.data.site.id;
}

beforeAll(async () => {
  server = await startTestServer({ WORKERS: '0' });
  const organizationId = (await server.createOrganization('Assess Co')).id;
  const other = (await server.createOrganization('Elsewhere Co')).id;
  Object.assign(
    token,
    await signedInMembers(server, {
      admin: { organizationId, email: 'admin@assess.example', adminRole: 'ADMIN' },
      manager: { organizationId, email: 'manager@assess.example', adminRole: 'MANAGER' },
      viewer: { organizationId, email: 'viewer@assess.example', adminRole: 'VIEWER' },
      outsider: { organizationId: other, email: 'm@elsewhere.example', adminRole: 'MANAGER' },
    }),
  );
  // Each earns 10,000 a day; a strike of MEDIUM severity keeps a site down 5 days by default.
  site.plant = await createSite(token.manager, 'Klang plant', 3.0, {
    criticality: 'CRITICAL',
    revenuePerDay: 10_000,
  });
  site.depot = await createSite(token.manager, 'Klang depot', 3.05, { revenuePerDay: 10_000 });
  site.far = await createSite(token.manager, 'Penang works', 5.4, { revenuePerDay: 10_000 });
  site.foreign = await createSite(token.outsider, 'Their plant', 3.0);
  await steps.runJobs();
  incidentId = await steps.createIncident(token.manager, {
    title: 'Port strike at Klang',
    severity: 'MEDIUM',
    type: 'STRIKE',
    location: { lat: 3.0, lng: 101.4 },
    affectedRadiusKm: 20,
  });
  await steps.runJobs();
}, 60_000);
afterAll(() => server.close());

const list = () =>
  server.request<AssessmentListResponse>('GET', `/api/incidents/${incidentId}/assessments`, {
    token: token.viewer,
  });
const exposure = async () =>
  (
    await server.request<IncidentExposureResponse>('GET', `/api/incidents/${incidentId}/exposure`, {
      token: token.viewer,
    })
  ).body.data;
const put = (as: string, siteId: string, body: Record<string, unknown>, incident = incidentId) =>
  server.request<AssessmentResponse & { message: string }>(
    'PUT',
    `/api/incidents/${incident}/assessments/${siteId}`,
    { token: as, body },
  );
const stored = () =>
  server.database.db
    .select()
    .from(siteAssessments)
    .where(eq(siteAssessments.incidentId, incidentId));

describe('site assessments', () => {
  it('lists every exposed site as Potential until someone says better, most critical first', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.body.data.assessments.map((row) => [row.siteName, row.state])).toEqual([
      ['Klang plant', 'POTENTIAL'],
      ['Klang depot', 'POTENTIAL'],
    ]);
    expect(response.body.data.counts).toEqual({
      POTENTIAL: 2,
      CONFIRMED: 0,
      NO_IMPACT: 0,
      RECOVERING: 0,
      RECOVERED: 0,
    });
    const value = (await exposure()).valueAtRisk;
    expect(value.sites).toBe(2 * 10_000 * 5);
    expect(value.bySite.every((row) => row.downtimeFrom === 'INCIDENT')).toBe(true);
  });

  it('lets only the organization’s editors set one, and refuses what is not theirs to assess', async () => {
    expect((await put(token.viewer, site.plant, { state: 'CONFIRMED' })).status).toBe(403);
    // Another organization's editor does not see the incident at all.
    expect((await put(token.outsider, site.plant, { state: 'CONFIRMED' })).status).toBe(404);
    // Another organization's site, and one of its own the incident never reached.
    const foreign = await put(token.manager, site.foreign, { state: 'CONFIRMED' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Site not found');
    const far = await put(token.manager, site.far, { state: 'CONFIRMED' });
    expect(far.status).toBe(409);
    expect(far.body.message).toMatch(/has not reached the site/);
    expect(await stored()).toEqual([]);
  });

  it('refuses bad values with a message and writes nothing', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ state: 'POTENTIAL' }, /does not go back to Potential/],
      [{ state: 'CONFIRMED', capacityPct: 101 }, /capacityPct must be between 0 and 100/],
      [{ state: 'CONFIRMED', capacityPct: -1 }, /capacityPct must be between 0 and 100/],
      [{ state: 'CONFIRMED', expectedRecoveryOn: dayFromNow(-2) }, /already past/],
      [{ state: 'CONFIRMED', expectedRecoveryOn: dayFromNow(800) }, /more than 730 days ahead/],
      [{ state: 'CONFIRMED', expectedRecoveryOn: '31/12/2026' }, /must be a date/],
      [{ state: 'CONFIRMED', notes: 'x'.repeat(2001) }, /at most 2000 characters/],
      [{ state: 'SHRUG' }, /state/],
    ];
    for (const [body, message] of cases) {
      const response = await put(token.manager, site.plant, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.message).toMatch(message);
    }
    expect(await stored()).toEqual([]);
  });

  it('counts a confirmed site until its expected recovery, for the capacity it lost', async () => {
    const saved = await put(token.manager, site.plant, {
      state: 'CONFIRMED',
      capacityPct: 40,
      expectedRecoveryOn: dayFromNow(10),
      notes: 'Gate 3 blocked; night shift running.',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.assessment).toMatchObject({
      siteName: 'Klang plant',
      state: 'CONFIRMED',
      capacityPct: 40,
      expectedRecoveryOn: dayFromNow(10),
      reportedBySupplier: false,
    });
    expect(saved.body.data.assessment.setBy?.name).toBe('manager User');
    await steps.runJobs();
    const { valueAtRisk, impact } = await exposure();
    const plant = valueAtRisk.bySite.find((row) => row.siteId === site.plant);
    // Down from when the strike reached it to the 10th day from now: 10 or 11 days (the
    // exposure began moments ago, the date counts whole days), 60 % of its revenue lost.
    expect(plant?.downtimeFrom).toBe('ASSESSMENT');
    expect([10, 11]).toContain(plant?.downtimeDays);
    expect(plant?.amount).toBe((plant?.downtimeDays ?? 0) * 10_000 * 0.6);
    expect(impact?.priority).not.toBeNull();

    // The timeline says what changed, from what to what; the change is audited.
    const timeline = await server.request<TimelineResponse>(
      'GET',
      `/api/incidents/${incidentId}/timeline`,
      { token: token.viewer },
    );
    const entry = timeline.body.data.entries.find((row) => row.kind === 'ASSESSMENT');
    expect(entry?.changes).toEqual([
      { field: 'Klang plant', from: 'Potential', to: 'Confirmed impact' },
      { field: 'Klang plant: capacity available', from: null, to: '40 %' },
      { field: 'Klang plant: expected recovery', from: null, to: dayFromNow(10) },
    ]);
    expect(entry?.body).toBe('Gate 3 blocked; night shift running.');
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'assessment.update'), eq(auditLog.targetId, incidentId)));
    expect(audits).toHaveLength(1);
  });

  it('leaves a site with no impact out of value at risk and priority', async () => {
    const before = await exposure();
    expect((await put(token.admin, site.depot, { state: 'NO_IMPACT' })).status).toBe(200);
    await steps.runJobs();
    const after = await exposure();
    expect(after.valueAtRisk.bySite.map((row) => row.siteId)).toEqual([site.plant]);
    expect(after.valueAtRisk.sites).toBe(before.valueAtRisk.sites - 10_000 * 5);
    expect((await list()).body.data.counts).toMatchObject({ CONFIRMED: 1, NO_IMPACT: 1 });
    // The map colours each exposed site by its state; another organization sees none of them.
    const summary = (as: string) =>
      server.request<ExposureSummaryResponse>('GET', '/api/exposure/summary?scope=ORG', {
        token: as,
      });
    expect((await summary(token.viewer)).body.data.siteAssessments).toMatchObject({
      [site.plant]: 'CONFIRMED',
      [site.depot]: 'NO_IMPACT',
    });
    expect((await summary(token.outsider)).body.data.siteAssessments).toEqual({});
  });

  it('sets several at once, all or none, and a recovered incident puts nothing at risk', async () => {
    const refused = await server.request<{ message: string }>(
      'POST',
      `/api/incidents/${incidentId}/assessments/bulk`,
      { token: token.manager, body: { siteIds: [site.plant, site.far], state: 'RECOVERED' } },
    );
    expect(refused.status).toBe(409);
    expect((await list()).body.data.counts).toMatchObject({ CONFIRMED: 1, NO_IMPACT: 1 });

    const bulk = await server.request<AssessmentBulkResponse & { message: string }>(
      'POST',
      `/api/incidents/${incidentId}/assessments/bulk`,
      { token: token.manager, body: { siteIds: [site.plant, site.depot], state: 'RECOVERED' } },
    );
    expect(bulk.status).toBe(200);
    expect(bulk.body.message).toBe('2 assessments saved');
    expect(bulk.body.data.assessments.map((row) => row.state)).toEqual(['RECOVERED', 'RECOVERED']);
    await steps.runJobs();
    const { valueAtRisk, impact } = await exposure();
    expect(valueAtRisk.sites).toBe(0);
    expect(valueAtRisk.bySite).toEqual([]);
    // Nothing it reaches is harmed any more: no priority.
    expect(impact?.priority ?? null).toBeNull();
  });

  it('keeps each site’s history across incidents, for the organization’s members only', async () => {
    const history = await server.request<SiteAssessmentHistoryResponse>(
      'GET',
      `/api/sites/${site.plant}/assessments`,
      { token: token.viewer },
    );
    expect(history.status).toBe(200);
    expect(history.body.data.assessments.map((row) => row.incidentTitle)).toEqual([
      'Port strike at Klang',
    ]);
    expect(history.body.data.assessments[0]).toMatchObject({
      incidentResolved: false,
      reportedBySupplier: false,
      setBy: expect.any(String) as unknown,
    });
    const never = await server.request<SiteAssessmentHistoryResponse>(
      'GET',
      `/api/sites/${site.far}/assessments`,
      { token: token.viewer },
    );
    expect(never.body.data.assessments).toEqual([]);
    for (const [as, siteId] of [
      [token.outsider, site.plant],
      [token.viewer, site.foreign],
    ] as const) {
      const refused = await server.request('GET', `/api/sites/${siteId}/assessments`, {
        token: as,
      });
      expect(refused.status).toBe(404);
    }
  });
});
