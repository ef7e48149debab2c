import type {
  IncidentDetailResponse,
  IncidentListResponse,
  ShipmentListResponse,
} from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incidents, shipments } from '../../db/schema.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';

let server: TestServer;
let acmeId: string;
let globexId: string;
let acmeToken: string;
let globexToken: string;
const incidentIds: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  acmeId = (await server.createOrganization('Acme Freight')).id;
  globexId = (await server.createOrganization('Globex Shipping')).id;
  await server.createUser({ organizationId: acmeId, email: 'viewer@acme.example' });
  await server.createUser({ organizationId: globexId, email: 'viewer@globex.example' });
  acmeToken = (await server.login('viewer@acme.example')).accessToken;
  globexToken = (await server.login('viewer@globex.example')).accessToken;

  const day = 24 * 3600 * 1000;
  const rows = await server.database.db
    .insert(incidents)
    .values([
      {
        organizationId: acmeId,
        title: 'Acme older',
        severity: 'LOW',
        status: 'RESOLVED',
        lat: 51.95,
        lng: 4.14,
        countryCode: 'NL',
        updatedAt: new Date(Date.now() - 3 * day),
      },
      {
        organizationId: acmeId,
        title: 'Acme newest',
        severity: 'CRITICAL',
        status: 'IN_PROGRESS',
        lat: 51.9,
        lng: 4.5,
        countryCode: 'NL',
        updatedAt: new Date(Date.now() - day),
      },
      {
        organizationId: null,
        title: 'Global typhoon',
        severity: 'HIGH',
        status: 'OPEN',
        lat: 22.6,
        lng: 120.3,
        countryCode: 'TW',
        updatedAt: new Date(Date.now() - 2 * day),
      },
      {
        organizationId: globexId,
        title: 'Globex secret',
        severity: 'MEDIUM',
        status: 'OPEN',
        lat: 1.26,
        lng: 103.8,
        countryCode: 'SG',
      },
      {
        organizationId: acmeId,
        title: 'Acme unlocated',
        severity: 'MEDIUM',
        status: 'OPEN',
        updatedAt: new Date(Date.now() - 10 * day),
      },
    ])
    .returning();
  for (const row of rows) incidentIds[row.title] = row.id;

  await server.database.db.insert(shipments).values([
    {
      id: 'SHP-NEAR',
      organizationId: acmeId,
      reference: 'PO-1',
      origin: 'Shanghai',
      destination: 'Rotterdam',
      mode: 'SEA',
      lat: 51.5,
      lng: 3.5,
    },
    {
      id: 'SHP-FAR',
      organizationId: acmeId,
      reference: 'PO-2',
      origin: 'Santos',
      destination: 'Rotterdam',
      mode: 'SEA',
      lat: -10,
      lng: -30,
    },
    {
      id: 'SHP-GLOBEX',
      organizationId: globexId,
      reference: 'PO-3',
      origin: 'Busan',
      destination: 'Antwerp',
      mode: 'SEA',
      lat: 51.6,
      lng: 4.0,
    },
  ]);
});
afterAll(() => server.close());

const titles = (response: { body: IncidentListResponse }) =>
  response.body.data.map((incident) => incident.title);

describe('GET /api/atlas/events', () => {
  it('ORG (the default) lists the organization incidents, newest first', async () => {
    const byDefault = await server.request<IncidentListResponse>('GET', '/api/atlas/events', {
      token: acmeToken,
    });
    const org = await server.request<IncidentListResponse>('GET', '/api/atlas/events?scope=ORG', {
      token: acmeToken,
    });
    expect(org.status).toBe(200);
    expect(titles(org)).toEqual(['Acme newest', 'Acme older', 'Acme unlocated']);
    expect(titles(byDefault)).toEqual(titles(org));
  });

  it('GLOBAL adds global incidents and never another organization', async () => {
    const response = await server.request<IncidentListResponse>(
      'GET',
      '/api/atlas/events?scope=GLOBAL',
      { token: acmeToken },
    );
    expect(titles(response)).toEqual([
      'Acme newest',
      'Global typhoon',
      'Acme older',
      'Acme unlocated',
    ]);
    const globex = await server.request<IncidentListResponse>(
      'GET',
      '/api/atlas/events?scope=GLOBAL',
      { token: globexToken },
    );
    expect(titles(globex)).toEqual(['Globex secret', 'Global typhoon']);
  });

  it('answers incidents in the spec shape, with the additions after it', async () => {
    const response = await server.request<IncidentListResponse>('GET', '/api/atlas/events', {
      token: acmeToken,
    });
    const isoTime = expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/) as unknown;
    expect(response.body.data[0]).toEqual({
      id: incidentIds['Acme newest'],
      organizationId: acmeId,
      title: 'Acme newest',
      description: null,
      severity: 'CRITICAL',
      status: 'IN_PROGRESS',
      location: { lat: 51.9, lng: 4.5, countryCode: 'NL' },
      updatedAt: isoTime,
      type: 'OTHER',
      source: 'MANUAL',
      startsAt: isoTime,
      endsAt: null,
      affectedRadiusKm: 100,
      assigneeId: null,
      resolvedAt: null,
      createdAt: isoTime,
      unverified: false,
    });
    // The spec's fields come first, in the spec's order.
    expect(Object.keys(response.body.data[0] ?? {}).slice(0, 8)).toEqual([
      'id',
      'organizationId',
      'title',
      'description',
      'severity',
      'status',
      'location',
      'updatedAt',
    ]);
    expect(
      response.body.data.find((incident) => incident.title === 'Acme unlocated')?.location,
    ).toBeNull();
  });

  it('rejects any other scope with 400 and anonymous callers with 401', async () => {
    const bad = await server.request('GET', '/api/atlas/events?scope=ALL', { token: acmeToken });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^scope: /);
    expect((await server.request('GET', '/api/atlas/events')).status).toBe(401);
  });
});

describe('GET /api/atlas/shipments', () => {
  it('lists only the organization shipments, in both scopes', async () => {
    for (const scope of ['ORG', 'GLOBAL']) {
      const response = await server.request<ShipmentListResponse>(
        'GET',
        `/api/atlas/shipments?scope=${scope}`,
        { token: acmeToken },
      );
      expect(response.status).toBe(200);
      expect(response.body.data.map((shipment) => shipment.id).sort()).toEqual([
        'SHP-FAR',
        'SHP-NEAR',
      ]);
    }
    const one = await server.request<ShipmentListResponse>('GET', '/api/atlas/shipments', {
      token: globexToken,
    });
    expect(one.body.data).toEqual([
      {
        id: 'SHP-GLOBEX',
        currentPosition: { lat: 51.6, lng: 4.0 },
        reference: 'PO-3',
        origin: 'Busan',
        destination: 'Antwerp',
        mode: 'SEA',
        carrier: null,
        status: 'IN_TRANSIT',
        eta: null,
      },
    ]);
  });

  it('rejects a bad scope', async () => {
    expect(
      (await server.request('GET', '/api/atlas/shipments?scope=org', { token: acmeToken })).status,
    ).toBe(400);
  });
});

describe('GET /api/atlas/events/:id', () => {
  it('returns the incident with the organization shipments within 500 km, nearest first', async () => {
    const response = await server.request<IncidentDetailResponse>(
      'GET',
      `/api/atlas/events/${incidentIds['Acme newest']}`,
      { token: acmeToken },
    );
    expect(response.status).toBe(200);
    expect(response.body.data.incident.title).toBe('Acme newest');
    expect(response.body.data.nearbyShipments.map((shipment) => shipment.id)).toEqual(['SHP-NEAR']);
    expect(response.body.data.nearbyShipments[0]?.distanceKm).toBeGreaterThan(60);
    expect(response.body.data.nearbyShipments[0]?.distanceKm).toBeLessThan(90);
  });

  it('shows global incidents to everyone, with only the caller shipments', async () => {
    const response = await server.request<IncidentDetailResponse>(
      'GET',
      `/api/atlas/events/${incidentIds['Global typhoon']}`,
      { token: globexToken },
    );
    expect(response.status).toBe(200);
    expect(response.body.data.nearbyShipments).toEqual([]);
  });

  it('hides another organization incident (404)', async () => {
    const response = await server.request(
      'GET',
      `/api/atlas/events/${incidentIds['Globex secret']}`,
      { token: acmeToken },
    );
    expect(response).toMatchObject({ status: 404, body: { message: 'Event not found' } });
  });
});
