import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedisServer } from '../test/redis-server.js';
import { type TestServer, startTestServer } from '../test/test-server.js';

const PER_MINUTE = 5;
// Behind a trusted proxy, so each test speaks from addresses of its own.
const limited = { TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) };
const from = (ip: string, token?: string) => ({
  headers: { 'x-forwarded-for': ip },
  ...(token ? { token } : {}),
});

describe('rate limits on the API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(limited);
  });
  afterAll(() => server.close());

  it('gives each IP RATE_LIMIT_PER_MINUTE requests, then 429 with Retry-After and the security headers', async () => {
    for (let i = 0; i < PER_MINUTE; i += 1)
      expect((await server.request('GET', '/api/config', from('203.0.113.1'))).status).toBe(200);
    const blocked = await server.request('GET', '/api/config', from('203.0.113.1'));
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many requests\./);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(blocked.headers.get('x-content-type-options')).toBe('nosniff');
    // Another address keeps its own budget.
    expect((await server.request('GET', '/api/config', from('203.0.113.2'))).status).toBe(200);
  });

  it('gives each signed-in user the same budget however many addresses they use', async () => {
    const login = async (ip: string) => {
      const response = await server.request<{ accessToken: string }>('POST', '/api/auth/login', {
        body: { email: 'owner@meridian.local', password: 'correct-horse-battery-staple' },
        ...from(ip),
      });
      expect(response.status).toBe(200);
      return response.body.accessToken;
    };
    const token = await login('198.51.100.200');
    const statuses: number[] = [];
    for (let i = 0; i <= PER_MINUTE; i += 1) {
      const response = await server.request(
        'GET',
        '/api/admin/organizations',
        from(`198.51.100.${i + 1}`, token),
      );
      statuses.push(response.status);
      if (response.status === 429)
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array<number>(PER_MINUTE).fill(200), 429]);
  });
});

describe('budgets that fit real use', () => {
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'meridian-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Meridian</title>');
    await writeFile(path.join(webDist, 'assets', 'screen-abc123.js'), 'export const x = 1;');
    server = await startTestServer({ ...limited, WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await server.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('never counts static files or the health probe, and never answers them 429', async () => {
    for (let i = 0; i < PER_MINUTE * 3; i += 1) {
      const asset = await server.request('GET', '/assets/screen-abc123.js', from('203.0.113.50'));
      expect(asset.status).toBe(200);
      expect(asset.headers.get('x-ratelimit-limit')).toBeNull();
      expect((await server.request('GET', '/api/health', from('203.0.113.50'))).status).toBe(200);
      expect((await server.request('GET', '/admin/events', from('203.0.113.50'))).status).toBe(200);
    }
    // The API budget of that address is still whole.
    const api = await server.request('GET', '/api/config', from('203.0.113.50'));
    expect(api.status).toBe(200);
    expect(api.headers.get('x-ratelimit-remaining')).toBe(String(PER_MINUTE - 1));
  });

  it('budgets signed-in users per user only: colleagues behind one NAT do not share', async () => {
    const office = '198.51.100.77';
    const org = (await server.createOrganization('One Office')).id;
    const people = await Promise.all(
      ['ann', 'bob'].map((name) =>
        server.createUser({ organizationId: org, email: `${name}@office.example` }),
      ),
    );
    const tokens: string[] = [];
    for (const person of people) {
      const signedIn = await server.request<{ accessToken: string }>('POST', '/api/auth/login', {
        body: { email: person.email, password: 'correct-horse-battery-staple' },
        ...from(`198.51.100.${tokens.length + 80}`),
      });
      tokens.push(signedIn.body.accessToken);
    }
    // Anonymous traffic from the office uses up the office's IP budget...
    for (let i = 0; i < PER_MINUTE; i += 1)
      await server.request('GET', '/api/config', from(office));
    expect((await server.request('GET', '/api/config', from(office))).status).toBe(429);
    // ...and each signed-in colleague there still has a whole budget of their own.
    for (const token of tokens) {
      const statuses: number[] = [];
      for (let i = 0; i <= PER_MINUTE; i += 1)
        statuses.push((await server.request('GET', '/api/me/profile', from(office, token))).status);
      expect(statuses).toEqual([...Array<number>(PER_MINUTE).fill(200), 429]);
    }
  });

  it('counts a request with a bad token against its IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= PER_MINUTE; i += 1) {
      const response = await server.request('GET', '/api/me/profile', from('192.0.2.99', 'forged'));
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array<number>(PER_MINUTE).fill(401), 429]);
  });
});

describe('rate limits shared through Redis', () => {
  let redis: RedisServer;
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    redis = await startRedisServer();
    first = await startTestServer({ ...limited, REDIS_URL: redis.url });
    second = await startTestServer({ ...limited, REDIS_URL: redis.url });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await redis?.stop();
  });

  it('counts one IP across two instances against one budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= PER_MINUTE; i += 1) {
      const instance = i % 2 === 0 ? first : second;
      statuses.push((await instance.request('GET', '/api/config', from('192.0.2.10'))).status);
    }
    expect(statuses).toEqual([...Array<number>(PER_MINUTE).fill(200), 429]);
    expect((await first.request('GET', '/api/config', from('192.0.2.11'))).status).toBe(200);
  });
});
