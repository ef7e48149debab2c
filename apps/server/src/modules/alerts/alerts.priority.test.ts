import type {
  AlertEndpointResponse,
  DeliveryListResponse,
  IncidentExposureResponse,
} from '@meridian/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../test/poll.js';
import { alerts, auditLog, sites } from '../../db/schema.js';
import { incidentSteps } from '../../test/incident-steps.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';
import { type WebhookReceiver, startWebhookReceiver } from '../../test/webhook-receiver.js';

/**
 * An integration with a minimum priority: the alerts of incidents below it never reach it.
 * The incidents' priorities are worked by hand from the README's table.
 */
let server: TestServer;
let receiver: WebhookReceiver;
let acme = '';
const token = { admin: '', manager: '', viewer: '' };
const steps = incidentSteps(() => server);

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer({ WORKERS: '0', ALERTS_ALLOW_PRIVATE_URLS: '1' });
  acme = (await server.createOrganization('Acme Priority Alerts')).id;
  for (const [who, role] of [
    ['admin', 'ADMIN'],
    ['manager', 'MANAGER'],
    ['viewer', 'VIEWER'],
  ] as const) {
    const user = await server.createUser({
      organizationId: acme,
      email: `${who}@acme-priority.example`,
      adminRole: role,
    });
    token[who] = (await server.login(user.email)).accessToken;
  }
  // Acme's only revenue: 100,000 a day, at a critical plant in Rotterdam.
  await server.database.db.insert(sites).values({
    organizationId: acme,
    name: 'Rotterdam plant',
    lat: 51.92,
    lng: 4.48,
    criticality: 'CRITICAL',
    revenuePerDay: 100_000,
  });
}, 60_000);
afterAll(async () => {
  await server.close();
  await receiver.close();
});

const addWebhook = async (name: string, minPriority?: string | null) => {
  const response = await server.request<AlertEndpointResponse>('POST', '/api/admin/integrations', {
    token: token.admin,
    body: { kind: 'WEBHOOK', name, url: receiver.url(`/${name}`), minPriority },
  });
  expect(response.status).toBe(201);
  return response.body.data.endpoint;
};
const deliveredTitles = async (endpointId: string) =>
  (
    await server.request<DeliveryListResponse>(
      'GET',
      `/api/admin/integrations/${endpointId}/deliveries`,
      { token: token.admin },
    )
  ).body.data.deliveries.map((delivery) => delivery.title);
const priorityOf = async (incidentId: string) =>
  (
    await server.request<IncidentExposureResponse>('GET', `/api/incidents/${incidentId}/exposure`, {
      token: token.manager,
    })
  ).body.data.impact?.priority;

describe('integrations with a minimum priority', () => {
  it('keeps, changes and audits the minimum, and refuses one that is not a priority', async () => {
    const all = await addWebhook('all');
    expect(all.minPriority).toBeNull();
    const urgent = await addWebhook('urgent', 'P2');
    expect(urgent.minPriority).toBe('P2');
    const changed = await server.request<AlertEndpointResponse>(
      'PATCH',
      `/api/admin/integrations/${urgent.id}`,
      { token: token.admin, body: { minPriority: 'P1' } },
    );
    expect(changed.body.data.endpoint.minPriority).toBe('P1');
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'integration.update'), eq(auditLog.targetId, urgent.id)));
    expect(audit).toMatchObject({ before: { minPriority: 'P2' }, after: { minPriority: 'P1' } });
    const bad = await server.request('PATCH', `/api/admin/integrations/${urgent.id}`, {
      token: token.admin,
      body: { minPriority: 'P9' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('minPriority');
    const viewer = await server.request('PATCH', `/api/admin/integrations/${urgent.id}`, {
      token: token.viewer,
      body: { minPriority: null },
    });
    expect(viewer.status).toBe(403);
  });

  it('posts only the alerts of incidents at its minimum or above', async () => {
    const { endpoints } = (
      await server.request<{ data: { endpoints: { id: string; name: string }[] } }>(
        'GET',
        '/api/admin/integrations',
        { token: token.admin },
      )
    ).body.data;
    const idOf = (name: string) => endpoints.find((endpoint) => endpoint.name === name)?.id ?? '';
    // CRITICAL 3 + CRITICAL site 3 + at its centre 2 + 60 days of revenue 3 = 11: P1.
    const quake = await steps.createIncident(token.manager, {
      title: 'Earthquake at Rotterdam',
      severity: 'CRITICAL',
      type: 'NATURAL_HAZARD',
      location: { lat: 51.92, lng: 4.48 },
      affectedRadiusKm: 50,
    });
    // LOW 0 + CRITICAL site 3 + 42 km of 50 (0) + 1 day of revenue 2 = 5: P3.
    const drizzle = await steps.createIncident(token.manager, {
      title: 'Drizzle north of Rotterdam',
      severity: 'LOW',
      type: 'OTHER',
      location: { lat: 52.3, lng: 4.48 },
      affectedRadiusKm: 50,
    });
    expect([await priorityOf(quake), await priorityOf(drizzle)]).toEqual(['P1', 'P3']);
    // The alerts keep the priority they were raised with; "created" came before any.
    const raised = await server.database.db
      .select({ kind: alerts.kind, priority: alerts.priority, incidentId: alerts.incidentId })
      .from(alerts)
      .where(eq(alerts.organizationId, acme));
    expect(raised.filter((row) => row.incidentId === quake)).toEqual(
      expect.arrayContaining([
        { kind: 'INCIDENT_CREATED', priority: null, incidentId: quake },
        { kind: 'EXPOSURE_NEW', priority: 'P1', incidentId: quake },
      ]),
    );
    expect(await deliveredTitles(idOf('urgent'))).toEqual([
      'New exposure: Earthquake at Rotterdam',
    ]);
    // Without a minimum, every alert is posted, one by one: machines want all of it.
    const all = await until(
      () => deliveredTitles(idOf('all')),
      (titles) => titles.length >= 4,
    );
    expect(all.sort()).toEqual([
      'New exposure: Drizzle north of Rotterdam',
      'New exposure: Earthquake at Rotterdam',
      'New incident: Drizzle north of Rotterdam',
      'New incident: Earthquake at Rotterdam',
    ]);
  });
});
