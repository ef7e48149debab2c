import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UsersService } from '../modules/users/users.service.js';
import { OWNER_EMAIL, type TestServer, startTestServer } from './test-server.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type LogLine = { level: number; reqId?: string; msg?: string; err?: { message?: string } };

/** The server's log, one parsed JSON line each, as a log collector would read it. */
const lines: LogLine[] = [];
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer(
    // debug: request logging on, so every line a request writes can be checked.
    { LOG_LEVEL: 'debug' },
    {
      logStream: {
        write: (line: string) => {
          lines.push(JSON.parse(line) as LogLine);
        },
      },
    },
  );
  token = (await server.login(OWNER_EMAIL)).accessToken;
});
afterAll(() => server.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const idOf = (response: { headers: Headers }) => response.headers.get('x-request-id');

describe('request ids', () => {
  it('answers every request with its own id in X-Request-Id, errors included', async () => {
    const responses = [
      await server.request('GET', '/api/health'),
      await server.request('GET', '/api/admin/users', { token }),
      await server.request('GET', '/api/admin/users'),
      await server.request('GET', '/api/admin/users?limit=0', { token }),
      await server.request('GET', '/api/no-such-route', { token }),
      await server.request('POST', '/api/auth/login', {
        rawBody: '{',
        headers: { 'content-type': 'application/json' },
      }),
      await server.request('GET', '/api/admin/users/%E0%A4%A', { token }),
    ];
    expect(responses.map((response) => response.status)).toEqual([
      200, 200, 401, 400, 404, 400, 400,
    ]);
    const ids = responses.map(idOf);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps a safe incoming X-Request-Id (a proxy's) and replaces anything else", async () => {
    const send = (id: string) =>
      server.request('GET', '/api/health', { headers: { 'x-request-id': id } });
    expect(idOf(await send('edge-7f3a.91:2'))).toBe('edge-7f3a.91:2');
    for (const unsafe of ['x'.repeat(65), 'two words', '"quoted"', '{"level":60}']) {
      const id = idOf(await send(unsafe));
      expect(id).toMatch(UUID);
    }
  });

  it('writes the id on every log line of a request, and the failing line names it', async () => {
    vi.spyOn(UsersService.prototype, 'listBody').mockRejectedValue(new Error('database on fire'));
    const response = await server.request<{ message: string }>('GET', '/api/admin/users', {
      token,
    });
    expect(response.status).toBe(500);
    const id = idOf(response);
    expect(id).toMatch(UUID);
    // The answer leaks nothing but the id, which the user can quote.
    expect(response.body.message).toBe(`Internal server error (request id ${id})`);

    await expect.poll(() => lines.filter((line) => line.reqId === id).length).toBeGreaterThan(2);
    const ofRequest = lines.filter((line) => line.reqId === id);
    const failure = ofRequest.find((line) => line.level === 50);
    expect(failure).toMatchObject({
      msg: `request ${id} failed`,
      err: { message: 'database on fire' },
    });
    expect(ofRequest.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    // Every line about a request carries an id.
    const requestLines = lines.filter((line) => 'req' in line || 'res' in line);
    expect(requestLines.length).toBeGreaterThan(0);
    expect(requestLines.every((line) => typeof line.reqId === 'string')).toBe(true);
  });
});
