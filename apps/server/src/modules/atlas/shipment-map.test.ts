import {
  type ExposureSummaryResponse,
  SHIPMENT_MAP_FORMAT,
  type ShipmentListResponse,
  type ShipmentMap,
  type ShipmentMapDetailsResponse,
  type ShipmentMapIdsResponse,
  decodeShipmentMap,
  shipmentStatusOf,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ALL_LANES, generateShipments } from '../../bootstrap/demo/generate.js';
import { incidents, shipments } from '../../db/schema.js';
import type { Actor } from '../../lib/access.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';
import { toShipmentDetail } from '../shipments/shipments.mapper.js';
import { AtlasService } from './atlas.service.js';

let server: TestServer;
let acmeToken: string;
let managerToken: string;
let globexToken: string;
let acmeId: string;

/** Fixtures at the edges: both sides of the antimeridian, and a point outside every test box. */
const FIXTURES = [
  { id: 'SHP-DATELINE-EAST', lat: 10.5, lng: 179.5, status: 'DELAYED' },
  { id: 'SHP-DATELINE-WEST', lat: -10.25, lng: -179.75, status: 'PLANNED' },
  { id: 'SHP-ROTTERDAM', lat: 51.9225, lng: 4.47917, status: 'IN_TRANSIT' },
  { id: 'SHP-POLE', lat: 89.9, lng: 0, status: 'DELIVERED' },
] as const;

beforeAll(async () => {
  server = await startTestServer();
  acmeId = (await server.createOrganization('Acme Freight')).id;
  const globexId = (await server.createOrganization('Globex Shipping')).id;
  await server.createUser({ organizationId: acmeId, email: 'viewer@acme.example' });
  await server.createUser({
    organizationId: acmeId,
    email: 'manager@acme.example',
    adminRole: 'MANAGER',
  });
  await server.createUser({ organizationId: globexId, email: 'viewer@globex.example' });
  acmeToken = (await server.login('viewer@acme.example')).accessToken;
  managerToken = (await server.login('manager@acme.example')).accessToken;
  globexToken = (await server.login('viewer@globex.example')).accessToken;

  const common = { origin: 'Here', destination: 'There', mode: 'SEA' } as const;
  await server.database.db.insert(shipments).values([
    ...FIXTURES.map((fixture) => ({
      ...common,
      ...fixture,
      organizationId: acmeId,
      reference: fixture.id,
    })),
    {
      ...common,
      id: 'SHP-GLOBEX',
      organizationId: globexId,
      reference: 'G-1',
      lat: 51.9,
      lng: 4.5,
    },
  ]);
  // Shipments along the demo's lanes, with positions at full double precision (as of the demo's
  // epoch: they have all arrived since, so the map draws them at their destinations).
  const generated = generateShipments({
    seed: 7,
    count: 1_500,
    owners: [{ organizationId: acmeId, weight: 1, lanes: ALL_LANES }],
    stream: 'map',
  }).map((row, i) => ({ ...row, lat: row.lat + i * 1e-9, lng: row.lng - i * 1e-9 }));
  for (let i = 0; i < generated.length; i += 500)
    await server.database.db.insert(shipments).values(generated.slice(i, i + 500));
});
afterAll(() => server.close());

type MapResponse = { status: number; headers: Headers; map: ShipmentMap | null; text: string };

async function getMap(
  token: string,
  query = '',
  headers: Record<string, string> = {},
): Promise<MapResponse> {
  const response = await fetch(`${server.url}/api/atlas/shipments/map${query}`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const ok = response.status === 200;
  return {
    status: response.status,
    headers: response.headers,
    map: ok ? decodeShipmentMap(bytes) : null,
    text: ok ? '' : new TextDecoder().decode(bytes),
  };
}

const getIds = async (token: string) =>
  (
    await server.request<ShipmentMapIdsResponse>('GET', '/api/atlas/shipments/map/ids', {
      token,
    })
  ).body.data;

const getJson = async (token: string) =>
  (await server.request<ShipmentListResponse>('GET', '/api/atlas/shipments', { token })).body.data;

/**
 * Where the map should draw each of Acme's shipments: where it is estimated to be (the
 * generated ones at their destinations), else where it was given.
 */
async function drawnPositions() {
  const rows = await server.database.db
    .select()
    .from(shipments)
    .where(eq(shipments.organizationId, acmeId));
  return new Map(
    rows.map((row) => {
      const detail = toShipmentDetail(row);
      return [row.id, detail.estimatedPosition ?? detail.currentPosition];
    }),
  );
}

/** The map's shipments by id, with their ids looked up in the id list of the same tag. */
async function resolved(token: string, map: ShipmentMap) {
  const { tag, ids } = await getIds(token);
  expect(tag).toBe(map.tag);
  expect(ids.length).toBe(map.total);
  return new Map(
    [...map.ordinals].map((ordinal, i) => [
      ids[ordinal] ?? '',
      { lng: map.lng[i], lat: map.lat[i], status: shipmentStatusOf(map.statuses[i] ?? 0) },
    ]),
  );
}

describe('GET /api/atlas/shipments/map', () => {
  it('holds the same shipments as the JSON list: ids, estimated positions (float32), statuses', async () => {
    const response = await getMap(acmeToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(SHIPMENT_MAP_FORMAT.contentType);
    const json = await getJson(acmeToken);
    expect(json.length).toBe(FIXTURES.length + 1_500);
    const map = response.map as ShipmentMap;
    expect(map.total).toBe(json.length);
    const compact = await resolved(acmeToken, map);
    expect([...compact.keys()].sort()).toEqual(json.map((shipment) => shipment.id).sort());
    const drawn = await drawnPositions();
    for (const shipment of json) {
      const at = drawn.get(shipment.id);
      expect(compact.get(shipment.id)).toEqual({
        lng: Math.fround(at?.lng ?? NaN),
        lat: Math.fround(at?.lat ?? NaN),
        status: shipment.status,
      });
    }
    // The fixtures have no ETA: drawn where they were given.
    expect(compact.get('SHP-ROTTERDAM')).toMatchObject({ lng: Math.fround(4.47917) });
  });

  it('answers the same in both scopes, and another organization only its own', async () => {
    const org = await getMap(acmeToken, '?scope=ORG');
    const global = await getMap(acmeToken, '?scope=GLOBAL');
    expect(global.map).toEqual(org.map);
    const globex = (await getMap(globexToken, '?scope=GLOBAL')).map as ShipmentMap;
    expect(globex.total).toBe(1);
    expect([...(await resolved(globexToken, globex)).keys()]).toEqual(['SHP-GLOBEX']);
    expect((await getIds(acmeToken)).ids).not.toContain('SHP-GLOBEX');
  });

  it('answers only the shipments in the box', async () => {
    const json = await getJson(acmeToken);
    const drawn = await drawnPositions();
    const inBox = (west: number, south: number, east: number, north: number) =>
      [...drawn]
        .filter(([, { lat, lng }]) => {
          const inLongitude =
            west <= east ? lng >= west && lng <= east : lng >= west || lng <= east;
          return inLongitude && lat >= south && lat <= north;
        })
        .map(([id]) => id)
        .sort();
    const idsIn = async (bbox: string) => {
      const map = (await getMap(acmeToken, `?bbox=${bbox}&zoom=5`)).map as ShipmentMap;
      expect(map.total).toBe(json.length);
      return [...(await resolved(acmeToken, map)).keys()].sort();
    };

    const northSea = await idsIn('0,50,10,55');
    expect(northSea).toContain('SHP-ROTTERDAM');
    expect(northSea).toEqual(inBox(0, 50, 10, 55));
    expect(northSea.length).toBeLessThan(json.length);

    // West > east: the view crosses the antimeridian, from 170°E to 170°W.
    const pacific = await idsIn('170,-20,-170,20');
    expect(pacific).toEqual(expect.arrayContaining(['SHP-DATELINE-EAST', 'SHP-DATELINE-WEST']));
    expect(pacific).toEqual(inBox(170, -20, -170, 20));
    expect(pacific).not.toContain('SHP-ROTTERDAM');

    expect(await idsIn('-180,-90,180,90')).toEqual(json.map((shipment) => shipment.id).sort());
    expect(await idsIn('20,-5,21,-4')).toEqual([]);
  });

  it('answers 304 while nothing changed, and the change after a shipment is written', async () => {
    const first = await getMap(acmeToken, '?bbox=0,50,10,55');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const again = await getMap(acmeToken, '?bbox=0,50,10,55', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    // Another box is another body.
    const elsewhere = await getMap(acmeToken, '?bbox=100,-10,120,10', { 'if-none-match': etag });
    expect(elsewhere.status).toBe(200);

    const moved = await server.request('PATCH', '/api/shipments/SHP-ROTTERDAM', {
      token: managerToken,
      body: { currentPosition: { lat: 53.55, lng: 9.99 }, status: 'DELAYED' },
    });
    expect(moved.status).toBe(200);
    const after = await getMap(acmeToken, '?bbox=0,50,10,55', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    const map = after.map as ShipmentMap;
    expect(map.tag).not.toBe(first.map?.tag);
    expect((await resolved(acmeToken, map)).get('SHP-ROTTERDAM')).toEqual({
      lng: Math.fround(9.99),
      lat: Math.fround(53.55),
      status: 'DELAYED',
    });
  });

  it('is compressed with brotli when the client takes it', async () => {
    const response = await fetch(`${server.url}/api/atlas/shipments/map`, {
      headers: { authorization: `Bearer ${acmeToken}`, 'accept-encoding': 'br' },
    });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(decodeShipmentMap(new Uint8Array(await response.arrayBuffer())).total).toBe(
      FIXTURES.length + 1_500,
    );
  });

  it('refuses a malformed box or zoom with 400 and a message, and anonymous callers with 401', async () => {
    const cases: [string, RegExp][] = [
      ['?bbox=1,2,3', /^bbox: bbox must be four numbers/],
      ['?bbox=a,b,c,d', /four numbers/],
      ['?bbox=0,10,10,5', /south must not be above north/],
      ['?bbox=-190,0,10,10', /longitudes must be between -180 and 180/],
      ['?bbox=0,-95,10,10', /latitudes must be between -90 and 90/],
      ['?zoom=30', /^zoom: zoom must be a number between 0 and 24/],
      ['?scope=ALL', /^scope: /],
      ['?bbox=0,0,1,1&color=red', /color/],
    ];
    for (const [query, message] of cases) {
      const response = await getMap(acmeToken, query);
      expect(response.status, query).toBe(400);
      expect((JSON.parse(response.text) as { message: string }).message, query).toMatch(message);
    }
    expect((await fetch(`${server.url}/api/atlas/shipments/map`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/atlas/shipments/map/ids`)).status).toBe(401);
    expect(
      (await fetch(`${server.url}/api/atlas/shipments/map/details?ordinal=0&tag=0011223344556677`))
        .status,
    ).toBe(401);
  });
});

const getDetails = (token: string, query: string) =>
  server.request<ShipmentMapDetailsResponse & { message?: string }>(
    'GET',
    `/api/atlas/shipments/map/details?${query}`,
    { token },
  );

describe('GET /api/atlas/shipments/map/details', () => {
  it("answers the shipment at an ordinal of the body's tag, as the JSON list has it", async () => {
    const map = (await getMap(acmeToken, '?bbox=170,-20,-170,20')).map as ShipmentMap;
    const json = new Map((await getJson(acmeToken)).map((shipment) => [shipment.id, shipment]));
    const { ids } = await getIds(acmeToken);
    for (const ordinal of map.ordinals) {
      const response = await getDetails(acmeToken, `ordinal=${ordinal}&tag=${map.tag}`);
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual(json.get(ids[ordinal] ?? ''));
    }
    expect(map.ordinals.length).toBeGreaterThan(0);
  });

  it('refuses a bad ordinal or tag with 400 and a message', async () => {
    const { tag, total } = (await getMap(acmeToken, '?bbox=0,0,1,1')).map as ShipmentMap;
    const cases: [string, string][] = [
      [`ordinal=-1&tag=${tag}`, `ordinal: ${API_MESSAGES.shipmentMap.ordinal}`],
      [`ordinal=1.5&tag=${tag}`, `ordinal: ${API_MESSAGES.shipmentMap.ordinal}`],
      [`tag=${tag}`, 'ordinal: '],
      ['ordinal=0&tag=nope', `tag: ${API_MESSAGES.shipmentMap.tag}`],
      [`ordinal=${total}&tag=${tag}`, API_MESSAGES.shipmentMap.ordinalOutOfRange],
    ];
    for (const [query, message] of cases) {
      const response = await getDetails(acmeToken, query);
      expect(response.status, query).toBe(400);
      expect(response.body.message, query).toContain(message);
    }
  });

  it('answers 409 for the tag of an older version, or of another organization', async () => {
    const before = (await getMap(acmeToken, '?bbox=0,0,1,1')).map as ShipmentMap;
    await server.request('PATCH', '/api/shipments/SHP-POLE', {
      token: managerToken,
      body: { status: 'DELAYED' },
    });
    const stale = await getDetails(acmeToken, `ordinal=0&tag=${before.tag}`);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(API_MESSAGES.shipmentMap.staleTag);
    const current = (await getMap(acmeToken, '?bbox=0,0,1,1')).map as ShipmentMap;
    expect((await getDetails(acmeToken, `ordinal=0&tag=${current.tag}`)).status).toBe(200);
    // Globex's viewer with Acme's tag: a conflict, never Acme's shipment.
    const outsider = await getDetails(globexToken, `ordinal=0&tag=${current.tag}`);
    expect(outsider.status).toBe(409);
    expect(JSON.stringify(outsider.body)).not.toContain('SHP-');
  });
});

describe('the exposed flag', () => {
  /** The ids the map flags as exposed, for the whole world in a scope. */
  async function flagged(scope: 'ORG' | 'GLOBAL') {
    const response = await getMap(acmeToken, `?scope=${scope}`);
    const map = response.map as ShipmentMap;
    const { ids } = await getIds(acmeToken);
    const exposed = [...map.ordinals].filter((_, i) => map.exposed[i] === 1);
    return { etag: response.headers.get('etag'), ids: exposed.map((o) => ids[o]).sort() };
  }
  const summaryIds = async (scope: 'ORG' | 'GLOBAL') =>
    (
      await server.request<ExposureSummaryResponse>('GET', `/api/exposure/summary?scope=${scope}`, {
        token: acmeToken,
      })
    ).body.data.exposedShipmentIds?.sort();

  it("flags the shipments the scope's incidents reach now, as the exposure summary lists them", async () => {
    const none = await flagged('ORG');
    expect(none.ids).toEqual([]);
    // Acme's own storm over the pole shipment, and a global one on the date line.
    await server.database.db.insert(incidents).values([
      {
        organizationId: acmeId,
        title: 'Polar storm',
        severity: 'HIGH',
        type: 'WEATHER',
        lat: 89.9,
        lng: 0,
        affectedRadiusKm: 30,
      },
      {
        organizationId: null,
        title: 'Date line typhoon',
        severity: 'HIGH',
        type: 'WEATHER',
        lat: 10.5,
        lng: 179.5,
        affectedRadiusKm: 30,
      },
    ]);
    await server.recomputeExposure();

    const org = await flagged('ORG');
    expect(org.ids).toContain('SHP-POLE');
    expect(org.ids).not.toContain('SHP-DATELINE-EAST');
    expect(org.ids).toEqual(await summaryIds('ORG'));
    // No shipment was written, yet the body changed: its version follows the exposure too.
    expect(org.etag).not.toBe(none.etag);

    const global = await flagged('GLOBAL');
    expect(global.ids).toEqual(expect.arrayContaining(['SHP-POLE', 'SHP-DATELINE-EAST']));
    expect(global.ids).toEqual(await summaryIds('GLOBAL'));

    // The flag sits beside the status, which reads as before.
    const map = (await getMap(acmeToken, '?scope=ORG&bbox=-1,89,1,90')).map as ShipmentMap;
    expect([...map.exposed]).toEqual([1]);
    expect(shipmentStatusOf(map.statuses[0] ?? 0)).toBe('DELAYED');
  });
});

describe('shipments on their way', () => {
  const DAY = 24 * 3600_000;
  let initech: string;
  let initechToken: string;

  beforeAll(async () => {
    initech = (await server.createOrganization('Initech Lines')).id;
    await server.createUser({ organizationId: initech, email: 'viewer@initech.example' });
    initechToken = (await server.login('viewer@initech.example')).accessToken;
    // Given at its origin two days ago, due 10° east in two days: half way now.
    await server.database.db.insert(shipments).values({
      id: 'SHP-UNDERWAY',
      organizationId: initech,
      reference: 'UNDERWAY',
      origin: 'West',
      destination: 'East',
      mode: 'SEA',
      lat: 0,
      lng: 0,
      originLat: 0,
      originLng: 0,
      destinationLat: 0,
      destinationLng: 10,
      status: 'IN_TRANSIT',
      positionAt: new Date(Date.now() - 2 * DAY),
      departureAt: new Date(Date.now() - 2 * DAY),
      eta: new Date(Date.now() + 2 * DAY),
    });
  });

  it('are drawn where they are estimated to be, as the exposure engine places them', async () => {
    const map = (await getMap(initechToken)).map as ShipmentMap;
    expect(map.total).toBe(1);
    // 10° in four days: a minute's step moves it 0.0002° at most.
    expect(map.lng[0]).toBeCloseTo(5, 2);
    expect(map.lat[0]).toBeCloseTo(0, 3);
    // Only in view where it is now.
    const west = (await getMap(initechToken, '?bbox=-1,-1,1,1')).map as ShipmentMap;
    expect(west.ordinals.length).toBe(0);
  });

  it("change the map's version with each step, while a resting organization's stays", async () => {
    const atlas = new AtlasService(server.database.db, 1_000);
    const version = (organizationId: string) => {
      const list = atlas.shipmentMap({ organizationId } as Actor, 'ORG');
      return list.load().then(() => list.readVersion());
    };
    // The step is the version's last part (background work from the tests above may still
    // move the exposure part of either organization's version meanwhile).
    const step = async (organizationId: string) =>
      (await version(organizationId)).split('|').at(-1);
    const [moving, resting] = [await step(initech), await step(acmeId)];
    expect(resting).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await step(initech)).not.toBe(moving);
    expect(await step(acmeId)).toBe('');
  });
});
