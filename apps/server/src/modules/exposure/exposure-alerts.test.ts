import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts } from '../../db/schema.js';
import { incidentSteps } from '../../test/incident-steps.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';

/**
 * A newly exposed site cannot wait when it is critical or the single source of a part of a
 * product: its alert is urgent (it reaches people's channels whatever their alert priority).
 */
let server: TestServer;
const steps = incidentSteps(() => server);
let organizationId = '';
let manager = '';

const addSite = async (token: string, name: string, lat: number, lng: number) => {
  const response = await server.request<{ data: { site: { id: string } } }>('POST', '/api/sites', {
    token,
    body: { name, kind: 'SUPPLIER', criticality: 'LOW', location: { lat, lng } },
  });
  expect(response.status).toBe(201);
  return response.body.data.site.id;
};

beforeAll(async () => {
  server = await startTestServer({ WORKERS: '0' });
  organizationId = (await server.createOrganization('Urgent Co')).id;
  await server.createUser({ organizationId, email: 'm@urgent.example', adminRole: 'MANAGER' });
  manager = (await server.login('m@urgent.example')).accessToken;
  const sole = await addSite(manager, 'Sole supplier', -33.9, 18.4);
  await addSite(manager, 'Spare warehouse', 35.1, 129.0);
  const product = await server.request('POST', '/api/products', {
    token: manager,
    body: {
      sku: 'PUMP-1',
      name: 'Pump',
      revenuePerDay: 1000,
      parts: [{ part: 'Impeller', siteId: sole, singleSource: true }],
    },
  });
  expect(product.status).toBe(201);
  await steps.runJobs();
}, 60_000);
afterAll(() => server.close());

const exposureAlert = async (incidentId: string) => {
  const [row] = await server.database.db
    .select({ kind: alerts.kind, urgent: alerts.urgent })
    .from(alerts)
    .where(and(eq(alerts.organizationId, organizationId), eq(alerts.incidentId, incidentId)));
  return row;
};

describe('exposure alerts', () => {
  it('are urgent for a single-source site, and not for a low-criticality one of no product', async () => {
    const atSole = await steps.createIncident(manager, {
      title: 'Flood at the sole supplier',
      severity: 'LOW',
      type: 'NATURAL_HAZARD',
      location: { lat: -33.9, lng: 18.4 },
      affectedRadiusKm: 20,
    });
    await steps.runJobs();
    expect(await exposureAlert(atSole)).toEqual({ kind: 'EXPOSURE_NEW', urgent: true });

    const atSpare = await steps.createIncident(manager, {
      title: 'Flood at the spare warehouse',
      severity: 'LOW',
      type: 'NATURAL_HAZARD',
      location: { lat: 35.1, lng: 129.0 },
      affectedRadiusKm: 20,
    });
    await steps.runJobs();
    expect(await exposureAlert(atSpare)).toEqual({ kind: 'EXPOSURE_NEW', urgent: false });
  });
});
