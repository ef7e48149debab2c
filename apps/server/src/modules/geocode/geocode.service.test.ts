import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../lib/errors.js';
import {
  type GeocoderStub,
  nominatimResults,
  startGeocoderStub,
} from '../../test/geocoder-stub.js';
import { GeocodeService } from './geocode.service.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

const ADDRESS = 'Wilhelminakade 909, Rotterdam, 3072 AP, Netherlands';
/** The street itself, as only an external geocoder knows it. */
const STREET = { lat: 51.9051, lon: 4.4866 };
/** Rotterdam's centre, from the gazetteer. */
const CITY = { lat: 51.9225, lng: 4.47917 };
/** Only the timeout test shortens the wait: a cold fetch on a busy machine can take a while. */
const SHORT_TIMEOUT_MS = 200;

let stub: GeocoderStub;
let warnings: string[];

const log = () => pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
const service = (geocoderUrl = stub.url, timeoutMs?: number) =>
  new GeocodeService({ geocoderUrl, log: log(), timeoutMs });

beforeAll(async () => {
  stub = await startGeocoderStub();
});
afterAll(() => stub.close());
beforeEach(() => {
  warnings = [];
  stub.requests.length = 0;
  stub.reply(nominatimResults());
});

describe('GeocodeService with an external geocoder', () => {
  it('asks for one JSON result for the address and answers the first', async () => {
    stub.reply(nominatimResults(STREET, { lat: 1, lon: 1 }));
    expect(await service().locate(ADDRESS)).toEqual({ lat: STREET.lat, lng: STREET.lon });
    const [request] = stub.requests;
    expect(request?.url.pathname).toBe('/search');
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
      format: 'json',
      limit: '1',
      q: ADDRESS,
    });
    expect(request?.userAgent).toMatch(/Meridian/);
  });

  it('keeps query parameters that the configured URL already carries', async () => {
    stub.reply(nominatimResults(STREET));
    await service(`${stub.url}?key=secret`).locate(ADDRESS);
    expect(stub.requests[0]?.url.searchParams.get('key')).toBe('secret');
    expect(stub.requests[0]?.url.searchParams.get('q')).toBe(ADDRESS);
  });

  const failures: [string, Parameters<GeocoderStub['reply']>[0]][] = [
    ['answers 500', (_request, response) => void response.writeHead(500).end('down')],
    ['answers something other than JSON', (_request, response) => void response.end('<html>')],
    [
      'answers JSON without coordinates',
      (_request, response) => void response.end(JSON.stringify([{ lat: 'north' }])),
    ],
  ];
  it.each(failures)('falls back to the gazetteer, with a warning, when it %s', async (_, reply) => {
    stub.reply(reply);
    expect(await service().locate(ADDRESS)).toEqual(CITY);
    expect(stub.requests).toHaveLength(1);
    expect(warnings.join('\n')).toMatch(/external geocoder failed/);
  });

  it('falls back to the gazetteer when it does not answer within the timeout', async () => {
    stub.reply(() => undefined);
    const started = performance.now();
    expect(await service(stub.url, SHORT_TIMEOUT_MS).locate(ADDRESS)).toEqual(CITY);
    expect(performance.now() - started).toBeGreaterThanOrEqual(SHORT_TIMEOUT_MS - 10);
    expect(warnings.join('\n')).toMatch(/external geocoder failed/);
  });

  it('falls back to the gazetteer when it cannot be reached', async () => {
    const closed = await startGeocoderStub();
    await closed.close();
    expect(await service(closed.url).locate(ADDRESS)).toEqual(CITY);
    expect(warnings.join('\n')).toMatch(/external geocoder failed/);
  });

  it('falls back to the gazetteer, quietly, when it finds nothing', async () => {
    expect(await service().locate('Rotterdam, Netherlands')).toEqual(CITY);
    expect(warnings).toEqual([]);
  });

  it('throws not found when neither knows the address', async () => {
    const error = await service()
      .locate('Qwxzzyville, Nowhereland')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      code: 'NOT_FOUND',
      message: API_MESSAGES.geocode.addressNotFound,
    });
  });
});

describe('GeocodeService without an external geocoder', () => {
  it('answers from the gazetteer and calls nobody', async () => {
    const gazetteerOnly = new GeocodeService({ geocoderUrl: undefined, log: log() });
    expect(await gazetteerOnly.locate(ADDRESS)).toEqual(CITY);
    expect(stub.requests).toEqual([]);
  });
});
