import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPTH_MESSAGE } from '../lib/nul-guard.js';
import { OWNER_EMAIL, type TestServer, startTestServer } from './test-server.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await server.login(OWNER_EMAIL)).accessToken;
});
afterAll(() => server.close());

/** Half a million nested arrays: 1 MB, inside the body limit, deeper than any stack. */
const DEEP = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;
/** The same megabyte, one level deep. */
const FLAT = `[${'0,'.repeat(499_999)}0]`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** POSTs raw JSON text and answers the status and how long the answer took. */
async function postRaw(path: string, body: string, bearer?: string) {
  const started = performance.now();
  const response = await server.request('POST', path, {
    rawBody: body,
    token: bearer,
    headers: { 'content-type': 'application/json' },
  });
  return { ...response, ms: performance.now() - started };
}

describe('hostile JSON bodies', () => {
  it('answers a deeply nested body 400 at once, before sign-in and after', async () => {
    // Warm: the first signed-in request reads the session's rows.
    expect((await server.request('GET', '/api/sites', { token })).status).toBe(200);
    for (const [path, bearer] of [
      ['/api/auth/login', undefined],
      ['/api/sites', token],
      ['/api/incidents', token],
    ] as const) {
      const deep: number[] = [];
      const flat: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const response = await postRaw(path, DEEP, bearer);
        expect(response.status, path).toBe(400);
        expect(response.body).toMatchObject({ message: DEPTH_MESSAGE });
        deep.push(response.ms);
        const shallow = await postRaw(path, FLAT, bearer);
        expect(shallow.status, path).toBe(400);
        flat.push(shallow.ms);
      }
      // Client and server share this process, so both include sending 1 MB; on a busy machine
      // the flat body of the same size (parsed, then refused by the schema) is the yardstick.
      expect(median(deep), path).toBeLessThan(Math.max(100, median(flat)));
    }
  });

  it('counts brackets inside strings as text, not nesting', async () => {
    const response = await postRaw(
      '/api/auth/login',
      JSON.stringify({
        email: 'nobody@x.test',
        password: `"${'['.repeat(40)}\\"${'{'.repeat(40)}`,
      }),
    );
    expect(response.status).toBe(401);
  });

  it('keeps /api/health quick while deep bodies are sent in parallel', async () => {
    const health = async () => {
      const started = performance.now();
      expect((await server.request('GET', '/api/health')).status).toBe(200);
      return performance.now() - started;
    };
    const quiet: number[] = [];
    for (let i = 0; i < 5; i += 1) quiet.push(await health());
    let sending = true;
    const attacker = (async () => {
      let sent = 0;
      // Bounded: at most 40 bodies, stopped as soon as the health checks are done.
      while (sending && sent < 40) {
        await postRaw('/api/auth/login', DEEP);
        sent += 1;
      }
      return sent;
    })();
    const loaded: number[] = [];
    for (let i = 0; i < 10; i += 1) loaded.push(await health());
    sending = false;
    expect(await attacker).toBeGreaterThan(0);
    // One deep body costs a read of 1 MB, not a parse and a recursive walk.
    expect(median(loaded)).toBeLessThan(Math.max(100, median(quiet) * 10));
  });

  it('answers a body over the limit 413 without reading it', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL('/api/auth/login', server.url);
      const sent = httpRequest(
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': 1 << 30 },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      sent.on('error', reject);
      sent.write('[');
    });
    expect(status).toBe(413);
  });
});

describe('NUL characters outside bodies', () => {
  it('answers a NUL in a query string 400 naming the parameter', async () => {
    for (const path of [
      '/api/atlas/events?q=%00',
      '/api/admin/users?q=a%00',
      '/api/atlas/events?scope=ORG&q=ok%00ok',
    ]) {
      const response = await server.request('GET', path, { token });
      expect(response.status, path).toBe(400);
      expect(response.body, path).toMatchObject({
        message: expect.stringContaining(API_MESSAGES.request.nulCharacter) as unknown,
      });
    }
  });
});
