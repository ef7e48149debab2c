import { type GeocodeResponse, type PlaceSearchResponse } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../../test/test-server.js';
import {
  type GeocoderStub,
  nominatimResults,
  startGeocoderStub,
} from '../../test/geocoder-stub.js';

const ADDRESS = 'Wilhelminakade 909, Rotterdam, 3072 AP, Netherlands';
const ROTTERDAM = { lat: 51.9225, lng: 4.47917 };
const SINGAPORE = { lat: 1.28967, lng: 103.85007 };
const STREET = { lat: 51.9051, lon: 4.4866 };

const geocodePath = (address: string) => `/api/geocode?address=${encodeURIComponent(address)}`;

let stub: GeocoderStub;
let server: TestServer;
let token: string;

beforeAll(async () => {
  stub = await startGeocoderStub();
  server = await startTestServer({ GEOCODER_URL: stub.url });
  const { id } = await server.createOrganization('Acme Freight');
  await server.createUser({ organizationId: id, email: 'viewer@acme.example' });
  token = (await server.login('viewer@acme.example')).accessToken;
});
afterAll(async () => {
  await server.close();
  await stub.close();
});
// Like Nominatim for an address it does not know, so answers come from the gazetteer.
beforeEach(() => stub.reply(nominatimResults()));

describe('GET /api/geocode', () => {
  it("answers the coordinates of an organization address's city", async () => {
    const response = await server.request<GeocodeResponse>('GET', geocodePath(ADDRESS), { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: ROTTERDAM });
  });

  it('answers a country alone', async () => {
    const response = await server.request<GeocodeResponse>('GET', geocodePath('Singapore'), {
      token,
    });
    expect(response.body).toEqual({ data: SINGAPORE });
  });

  it('answers 404 for an address it cannot place', async () => {
    const response = await server.request('GET', geocodePath('Qwxzzyville, Nowhereland'), {
      token,
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      code: 'NOT_FOUND',
      message: API_MESSAGES.geocode.addressNotFound,
    });
  });

  it('answers 400 for a blank or missing address', async () => {
    for (const path of [geocodePath('   '), '/api/geocode?address=', '/api/geocode']) {
      const response = await server.request('GET', path, { token });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        code: 'BAD_REQUEST',
        message: `address: ${API_MESSAGES.geocode.addressRequired}`,
      });
    }
  });

  it('answers 400 for an address too long to be one', async () => {
    const response = await server.request('GET', geocodePath('Rotterdam, '.repeat(100)), {
      token,
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^address: /);
  });

  it('answers 401 without a signed-in user', async () => {
    const response = await server.request('GET', geocodePath(ADDRESS));
    expect(response.status).toBe(401);
  });

  it("answers the external geocoder's street-level result when GEOCODER_URL is set", async () => {
    stub.reply(nominatimResults(STREET));
    const response = await server.request<GeocodeResponse>('GET', geocodePath(ADDRESS), { token });
    expect(response.body).toEqual({ data: { lat: STREET.lat, lng: STREET.lon } });
    expect(stub.requests.at(-1)?.url.searchParams.get('q')).toBe(ADDRESS);
  });

  it('falls back to the gazetteer when the external geocoder fails', async () => {
    stub.reply((_request, response) => void response.writeHead(503).end());
    const response = await server.request<GeocodeResponse>('GET', geocodePath(ADDRESS), { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: ROTTERDAM });
  });
});

describe('GET /api/places', () => {
  const placesPath = (q: string) => `/api/places?q=${encodeURIComponent(q)}`;

  it('answers the places a name may mean, the port first, with country and kind', async () => {
    const asked = stub.requests.length;
    const response = await server.request<PlaceSearchResponse>('GET', placesPath('Westport'), {
      token,
    });
    expect(response.status).toBe(200);
    expect(response.body.data[0]).toEqual({
      name: 'Port Klang',
      kind: 'PORT',
      countryCode: 'MY',
      country: 'Malaysia',
      locode: 'MYPKG',
      lat: 3.0,
      lng: 101.39,
    });
    expect(response.body.data.length).toBeGreaterThan(1);
    // The configured geocoder is for addresses: a pick list comes from the tables only.
    expect(stub.requests).toHaveLength(asked);
  });

  it('answers an empty list for a name nobody knows, and 400 without a name', async () => {
    const unknown = await server.request<PlaceSearchResponse>('GET', placesPath('Qwxzzyville'), {
      token,
    });
    expect(unknown.body).toEqual({ data: [] });
    const empty = await server.request('GET', placesPath('  '), { token });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      code: 'BAD_REQUEST',
      message: `q: ${API_MESSAGES.placeSearch.queryRequired}`,
    });
  });
});
