import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeList } from '../../test/route-list.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';

let server: TestServer;

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'meridian-web-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Meridian</title><div id="root"></div>',
  );
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log("app")');
  server = await startTestServer({
    WEB_DIST_DIR: webDist,
    JWT_SECRET: 'x'.repeat(40),
    GOOGLE_CLIENT_ID: 'client-id.apps.example',
    GOOGLE_CLIENT_SECRET: 'very-secret-value',
    GOOGLE_ALLOWED_DOMAIN: 'acme.example',
    // Nothing listens there: the test never reaches out, and sees an unreachable issuer.
    OIDC_ISSUER: 'http://127.0.0.1:9',
    CORS_ORIGINS: 'https://console.acme.example',
  });
});
afterAll(() => server.close());

describe('GET /api/health and /api/config', () => {
  it('reports ok once the database answers', async () => {
    expect(await server.request('GET', '/api/health')).toMatchObject({
      status: 200,
      body: { status: 'ok' },
    });
  });

  it('gives the public settings and never a secret', async () => {
    const response = await server.request('GET', '/api/config');
    expect(response.body).toEqual({
      productName: 'Meridian',
      internalDomain: 'meridian.local',
      google: {
        clientId: 'client-id.apps.example',
        allowedDomain: 'acme.example',
        authorizationEndpoint: null,
      },
      mapStyleUrl: null,
    });
    expect(JSON.stringify(response.body)).not.toContain('very-secret-value');
    expect(JSON.stringify(response.body)).not.toContain('x'.repeat(40));
  });
});

describe('security headers', () => {
  const paths = {
    api: '/api/health',
    static: '/assets/app-abc123.js',
    spa: '/admin/atlas',
    apiNotFound: '/api/nothing-here',
    assetNotFound: '/assets/missing.js',
    error: '/api/admin/users/not-a-uuid',
  };

  const common = (response: Response) => {
    expect(response.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  };

  it.each(Object.entries(paths))('are on %s responses', async (kind, url) => {
    const response = await fetch(`${server.url}${url}`);
    common(response);
    const csp = response.headers.get('content-security-policy') ?? '';
    if (kind.startsWith('api') || kind === 'error') {
      // JSON loads nothing and is framed nowhere.
      expect(csp).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      return;
    }
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("keep the page's policy on the API's documentation, a page with scripts", async () => {
    const response = await fetch(`${server.url}/api/docs`);
    common(response);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('allows only listed origins through CORS', async () => {
    const allowed = await fetch(`${server.url}/api/health`, {
      headers: { origin: 'https://console.acme.example' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://console.acme.example');
    // A web app on that origin can read the request id of a failed call, to report it.
    expect(allowed.headers.get('access-control-expose-headers')).toBe('X-Request-Id');
    const other = await fetch(`${server.url}/api/health`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('routing', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const response = await server.request('GET', '/api/nothing-here');
    expect(response).toMatchObject({
      status: 404,
      body: { message: 'Route GET /api/nothing-here not found' },
    });
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  it('answers router-level bad input (an over-long id, a malformed URL) with a JSON 400', async () => {
    const longId = await server.request('GET', `/api/admin/users/${'x'.repeat(300)}`);
    expect(longId).toMatchObject({
      status: 400,
      body: { message: 'A path parameter is too long' },
    });
    const malformed = await server.request('GET', '/api/admin/users/%E0%A4%A');
    expect(malformed).toMatchObject({ status: 400, body: { message: 'Malformed URL' } });
  });

  it('serves the app for client-side routes and a real 404 for missing assets', async () => {
    const page = await fetch(`${server.url}/admin/team-members/123`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const asset = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
  });

  it('compresses large responses', async () => {
    const response = await fetch(`${server.url}/api/openapi.json`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });
});

describe('GET /api/openapi.json', () => {
  it('documents every API route from the same schemas', async () => {
    const response = await server.request<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    }>('GET', '/api/openapi.json');
    expect(response.body.openapi).toBe('3.1.0');
    const documented = Object.entries(response.body.paths).flatMap(([route, methods]) =>
      Object.keys(methods).map(
        (method) => `${method.toUpperCase()} ${route.replace(/\{(\w+)\}/g, ':$1')}`,
      ),
    );
    const apiRoutes = routeList(server.app).filter(
      (route) =>
        route.split(' ')[1]?.startsWith('/api/') &&
        !route.includes(' /api/docs') &&
        route !== 'GET /api/openapi.json',
    );
    expect(documented.sort()).toEqual(apiRoutes.sort());
    expect(JSON.stringify(response.body.paths['/api/admin/users/{id}'])).toContain('accountStatus');
  });
});
