import { ERROR_STATUS, ErrorBody, LIMITS, errorCodeOfStatus } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_EMAIL, type TestServer, startTestServer } from './test-server.js';

let server: TestServer;
let owner: string;
let viewer: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = (await server.login(OWNER_EMAIL)).accessToken;
  const acme = await server.createOrganization('Acme Logistics');
  await server.createUser({
    organizationId: acme.id,
    email: 'vera@acme.example',
    adminRole: 'VIEWER',
  });
  viewer = (await server.login('vera@acme.example')).accessToken;
});
afterAll(() => server.close());

const ROTTERDAM = { lat: 51.95, lng: 4.14 };

/** The reply's body read by the contract's schema, and its code's own status. */
const refusal = (response: { status: number; body: unknown }) => {
  const body = ErrorBody.parse(response.body);
  return { status: response.status, code: body.code, codeStatus: ERROR_STATUS[body.code!] };
};

describe('error codes', () => {
  it('names every kind of refusal with a code that agrees with its status', async () => {
    const cases = [
      ['NOT_FOUND', await server.request('GET', '/api/no-such-route', { token: owner })],
      ['UNAUTHORIZED', await server.request('GET', '/api/atlas/events')],
      ['BAD_REQUEST', await server.request('POST', '/api/sites', { token: owner, body: {} })],
      [
        'BAD_REQUEST',
        await server.request('POST', '/api/sites', {
          token: owner,
          rawBody: '{"name": ',
          headers: { 'content-type': 'application/json' },
        }),
      ],
      [
        'PAYLOAD_TOO_LARGE',
        await server.request('POST', '/api/incidents', {
          token: owner,
          rawBody: JSON.stringify({ title: 'x'.repeat(LIMITS.bodyBytes) }),
          headers: { 'content-type': 'application/json' },
        }),
      ],
      [
        'FORBIDDEN',
        await server.request('POST', '/api/sites', {
          token: viewer,
          body: { name: 'Not mine to add', location: ROTTERDAM },
        }),
      ],
    ] as const;
    for (const [code, response] of cases) {
      const answer = refusal(response);
      expect(answer.code, JSON.stringify(response.body)).toBe(code);
      expect(answer.status).toBe(answer.codeStatus);
    }
  });

  it('tells a conflict that reading again cannot solve from a stale copy', async () => {
    const site = { externalRef: 'EC-1', name: 'Quay 1', location: ROTTERDAM };
    expect((await server.request('POST', '/api/sites', { token: owner, body: site })).status).toBe(
      201,
    );
    const taken = await server.request('POST', '/api/sites', { token: owner, body: site });
    expect(refusal(taken)).toEqual({ status: 409, code: 'CONFLICT', codeStatus: 409 });
  });

  it('gives a reply without a code the one its status implies', () => {
    expect(errorCodeOfStatus(404)).toBe('NOT_FOUND');
    expect(errorCodeOfStatus(409)).toBe('CONFLICT');
    expect(errorCodeOfStatus(422)).toBe('BAD_REQUEST');
    expect(errorCodeOfStatus(502)).toBe('INTERNAL');
  });
});
