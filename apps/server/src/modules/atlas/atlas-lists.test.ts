import http from 'node:http';
import zlib from 'node:zlib';
import type { IncidentListResponse, ShipmentListResponse } from '@meridian/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incidents, shipments } from '../../db/schema.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';
import { toIncidentDto } from '../incidents/incidents.mapper.js';

let server: TestServer;
let acmeId: string;
let acmeToken: string;
let globexToken: string;
let acmeIncidentId: string;

const shipment = (id: string, organizationId: string) => ({
  id,
  organizationId,
  reference: `PO-${id}`,
  origin: 'Shanghai "Yangshan"',
  destination: 'Rotterdam',
  mode: 'SEA' as const,
  lat: 51.5,
  lng: -3.25,
  carrier: 'Maersk "Line"',
  status: 'DELAYED' as const,
  eta: new Date('2026-03-01T08:30:00.123Z'),
});

beforeAll(async () => {
  server = await startTestServer();
  acmeId = (await server.createOrganization('Acme Lists')).id;
  const globexId = (await server.createOrganization('Globex Lists')).id;
  await server.createUser({ organizationId: acmeId, email: 'viewer@acme-lists.example' });
  await server.createUser({ organizationId: globexId, email: 'viewer@globex-lists.example' });
  acmeToken = (await server.login('viewer@acme-lists.example')).accessToken;
  globexToken = (await server.login('viewer@globex-lists.example')).accessToken;
  const [row] = await server.database.db
    .insert(incidents)
    .values([
      {
        organizationId: acmeId,
        title: 'Port strike\n"Rotterdam"',
        description: 'Ünïcode ✓',
        severity: 'HIGH',
        lat: 51.95,
        lng: 4.14,
        countryCode: 'NL',
        updatedAt: new Date('2025-03-04T05:06:07.089Z'),
      },
      { organizationId: acmeId, title: 'Unlocated', severity: 'LOW' },
      { organizationId: null, title: 'Global storm', severity: 'MEDIUM', lat: 1, lng: 2 },
      { organizationId: globexId, title: 'Globex only', severity: 'LOW' },
    ])
    .returning();
  acmeIncidentId = row?.id ?? '';
  await server.database.db
    .insert(shipments)
    .values([shipment('SHP-A1', acmeId), shipment('SHP-G1', globexId)]);
});
afterAll(() => server.close());

const get = <T>(path: string, token: string, headers: Record<string, string> = {}) =>
  server.request<T>('GET', path, { token, headers });

/** node:http, not fetch: fetch decompresses and hides what went over the wire. */
const rawGet = (path: string, token: string, acceptEncoding: string) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(
          `${server.url}${path}`,
          { headers: { authorization: `Bearer ${token}`, 'accept-encoding': acceptEncoding } },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                body: Buffer.concat(chunks),
              }),
            );
            response.on('error', reject);
          },
        )
        .on('error', reject);
    },
  );

describe('Atlas lists: the JSON the database builds', () => {
  it('equals the row mapping, escaping and timestamps included', async () => {
    const response = await get<IncidentListResponse>('/api/atlas/events?scope=GLOBAL', acmeToken);
    const rows = await server.database.db.select().from(incidents);
    const expected = rows
      .filter((row) => row.organizationId === acmeId || row.organizationId === null)
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || (b.id < a.id ? -1 : 1))
      .map(toIncidentDto);
    expect(response.body.data).toEqual(expected);
    const shipmentsResponse = await get<ShipmentListResponse>('/api/atlas/shipments', acmeToken);
    expect(shipmentsResponse.body).toEqual({
      data: [
        {
          id: 'SHP-A1',
          currentPosition: { lat: 51.5, lng: -3.25 },
          reference: 'PO-SHP-A1',
          origin: 'Shanghai "Yangshan"',
          destination: 'Rotterdam',
          mode: 'SEA',
          carrier: 'Maersk "Line"',
          status: 'DELAYED',
          eta: '2026-03-01T08:30:00.123Z',
        },
      ],
    });
  });
});

describe('Atlas lists: conditional requests', () => {
  it('answers 304 with no body to the current ETag, privately cacheable', async () => {
    for (const path of ['/api/atlas/events?scope=ORG', '/api/atlas/shipments']) {
      const first = await get(path, acmeToken);
      const etag = first.headers.get('etag') ?? '';
      expect(first.status).toBe(200);
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get('cache-control')).toBe('private, no-cache');
      const again = await get(path, acmeToken, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body ?? '').toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect((await get(path, acmeToken, { 'if-none-match': '"other"' })).status).toBe(200);
    }
  });

  it('changes the ETag when an incident changes', async () => {
    const path = '/api/atlas/events?scope=ORG';
    const before = (await get(path, acmeToken)).headers.get('etag') ?? '';
    await server.database.db
      .update(incidents)
      .set({ status: 'RESOLVED', updatedAt: new Date() })
      .where(eq(incidents.id, acmeIncidentId));
    const after = await get<IncidentListResponse>(path, acmeToken, { 'if-none-match': before });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);
    expect(after.body.data[0]).toMatchObject({ id: acmeIncidentId, status: 'RESOLVED' });
  });

  it('changes the ETag when a shipment is added, moved or removed', async () => {
    const path = '/api/atlas/shipments';
    const etags = [(await get(path, acmeToken)).headers.get('etag')];
    await server.database.db.insert(shipments).values(shipment('SHP-A2', acmeId));
    etags.push((await get(path, acmeToken)).headers.get('etag'));
    await server.database.db
      .update(shipments)
      .set({ lat: 10, updatedAt: new Date(Date.now() + 1000) })
      .where(eq(shipments.id, 'SHP-A2'));
    const moved = await get<ShipmentListResponse>(path, acmeToken, {
      'if-none-match': etags[1] ?? '',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.find((row) => row.id === 'SHP-A2')?.currentPosition.lat).toBe(10);
    etags.push(moved.headers.get('etag'));
    await server.database.db.delete(shipments).where(eq(shipments.id, 'SHP-A1'));
    etags.push((await get(path, acmeToken)).headers.get('etag'));
    expect(new Set(etags).size).toBe(4);
  });

  it('never serves one organization or scope the answer of another', async () => {
    const acmeOrg = await get<IncidentListResponse>('/api/atlas/events?scope=ORG', acmeToken);
    const acmeGlobal = await get('/api/atlas/events?scope=GLOBAL', acmeToken);
    const globexOrg = await get('/api/atlas/events?scope=ORG', globexToken);
    const etags = [acmeOrg, acmeGlobal, globexOrg].map((r) => r.headers.get('etag'));
    expect(new Set(etags).size).toBe(3);

    const crossScope = await get<IncidentListResponse>(
      '/api/atlas/events?scope=GLOBAL',
      acmeToken,
      {
        'if-none-match': etags[0] ?? '',
      },
    );
    expect(crossScope.status).toBe(200);
    expect(crossScope.body.data.map((row) => row.title)).toContain('Global storm');

    const crossTenant = await get<IncidentListResponse>(
      '/api/atlas/events?scope=ORG',
      globexToken,
      {
        'if-none-match': etags[0] ?? '',
      },
    );
    expect(crossTenant.status).toBe(200);
    expect(crossTenant.body.data.map((row) => row.title)).toEqual(['Globex only']);
    const globexShipments = await get<ShipmentListResponse>('/api/atlas/shipments', globexToken, {
      'if-none-match': (await get('/api/atlas/shipments', acmeToken)).headers.get('etag') ?? '',
    });
    expect(globexShipments.status).toBe(200);
    expect(globexShipments.body.data.map((row) => row.id)).toEqual(['SHP-G1']);
  });
});

describe('Atlas lists: compression', () => {
  it('sends brotli or gzip as the client accepts, the same JSON as uncompressed', async () => {
    const path = '/api/atlas/events?scope=GLOBAL';
    const plain = await rawGet(path, acmeToken, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const br = await rawGet(path, acmeToken, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    const gzip = await rawGet(path, acmeToken, 'gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(plain.body.toString());
    expect(br.headers.etag).toBe(plain.headers.etag);
  });
});
