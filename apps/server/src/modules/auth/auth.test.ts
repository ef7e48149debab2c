import type { AuthResponse, RefreshResponse, ValidateResponse } from '@meridian/contracts';
import { eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema.js';
import { REFRESH_TOKEN_LIFETIME_MS, hashToken } from '../../lib/tokens.js';
import {
  OWNER_EMAIL,
  TEST_PASSWORD,
  type TestServer,
  startTestServer,
} from '../../test/test-server.js';

let server: TestServer;
let orgId: string;
let jwtSecret: Uint8Array;

beforeAll(async () => {
  server = await startTestServer({ JWT_SECRET: 'a'.repeat(48) });
  jwtSecret = new TextEncoder().encode('a'.repeat(48));
  orgId = (await server.createOrganization('Acme Freight')).id;
  await server.createUser({ organizationId: orgId, email: 'viewer@acme.example' });
  await server.createUser({
    organizationId: orgId,
    email: 'gone@acme.example',
    accountStatus: 'DEACTIVATED',
  });
  await server.createUser({
    organizationId: orgId,
    email: 'waiting@acme.example',
    accountStatus: 'PENDING',
  });
});
afterAll(() => server.close());

const login = (email: string, password: string) =>
  server.request<AuthResponse>('POST', '/api/auth/login', { body: { email, password } });
const refresh = (refreshToken: string) =>
  server.request<RefreshResponse>('POST', '/api/auth/refresh', { body: { refreshToken } });
const validate = (token: string) =>
  server.request<ValidateResponse>('POST', '/api/auth/validate', { token });

describe('POST /api/auth/login', () => {
  it('answers tokens and the user, and records lastLoginAt', async () => {
    const before = Date.now();
    const response = await login('Viewer@Acme.example', TEST_PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Login successful');
    expect(response.body.accessToken.split('.')).toHaveLength(3);
    expect(response.body.refreshToken).toMatch(/^[\w-]{40,}$/);
    expect(response.body.user).toMatchObject({
      email: 'viewer@acme.example',
      adminRole: 'VIEWER',
      role: 'MEMBER',
      accountStatus: 'ACTIVE',
      organizationId: orgId,
    });
    expect(Date.parse(response.body.user.lastLoginAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(JSON.stringify(response.body)).not.toMatch(/passwordHash|tokenVersion|argon2/);
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    const wrongPassword = await login('viewer@acme.example', 'not-the-password');
    const unknown = await login('nobody@acme.example', TEST_PASSWORD);
    expect(wrongPassword.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrongPassword.body).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Invalid email or password',
    });
    expect(unknown.body).toEqual(wrongPassword.body);
  });

  it('refuses deactivated and pending accounts with 403 and a clear message', async () => {
    const deactivated = await login('gone@acme.example', TEST_PASSWORD);
    expect(deactivated.status).toBe(403);
    expect(deactivated.body).toEqual({
      code: 'FORBIDDEN',
      message: 'Your account has been deactivated. Contact your administrator.',
    });
    const pending = await login('waiting@acme.example', TEST_PASSWORD);
    expect(pending.status).toBe(403);
    expect(pending.body).toEqual({
      code: 'FORBIDDEN',
      message: 'Your account is not active yet. Accept your invitation to sign in.',
    });
  });

  it('rejects bad bodies with 400 naming the field', async () => {
    const missing = await server.request('POST', '/api/auth/login', {
      body: { email: 'a@b.example' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^password: /);
    const badEmail = await server.request('POST', '/api/auth/login', {
      body: { email: 'nope', password: 'x' },
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe('email: email must be a valid e-mail address');
    const extra = await server.request('POST', '/api/auth/login', {
      body: { email: 'a@b.example', password: 'x', admin: true },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toBe('body: unknown field "admin"');
    const wrongType = await server.request('POST', '/api/auth/login', {
      body: { email: 'a@b.example', password: 42 },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toMatch(/^password: .*string/);
  });

  it('rejects malformed JSON, non-JSON content and oversized bodies without a 500', async () => {
    const malformed = await server.request('POST', '/api/auth/login', {
      rawBody: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed).toMatchObject({
      status: 400,
      body: { message: 'Request body is not valid JSON' },
    });
    const text = await server.request('POST', '/api/auth/login', {
      rawBody: 'email=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(text.body.message).toMatch(/content type/i);
    const huge = await server.request('POST', '/api/auth/login', {
      body: { email: 'a@b.example', password: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(huge).toMatchObject({
      status: 413,
      body: { message: 'Request body is too large (limit 1 MiB)' },
    });
  });
});

describe('POST /api/auth/validate', () => {
  it('returns the user of a valid token', async () => {
    const { accessToken, user } = (await login(OWNER_EMAIL, TEST_PASSWORD)).body;
    const response = await validate(accessToken);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Token is valid', user: { ...user } });
  });

  it('answers 401 without a token', async () => {
    const response = await server.request('POST', '/api/auth/validate');
    expect(response).toMatchObject({ status: 401, body: { message: 'Authentication required' } });
  });

  it.each([
    [
      'alg none',
      () =>
        new UnsecuredJWT({ ver: 0, typ: 'access' })
          .setSubject('x')
          .setIssuer('meridian')
          .setAudience('meridian-api')
          .setExpirationTime('5m')
          .encode(),
    ],
    ['a wrong key', () => sign({}, new TextEncoder().encode('b'.repeat(48)))],
    ['a wrong audience', () => sign({ aud: 'someone-else' })],
    ['a wrong issuer', () => sign({ iss: 'evil' })],
    ['a passed exp', () => sign({ exp: Math.floor(Date.now() / 1000) - 60 })],
    ['no exp', () => sign({ exp: null })],
    ['a refresh-type token', () => sign({ typ: 'refresh' })],
    ['garbage', () => Promise.resolve('not.a.jwt')],
  ])('answers 401 for a token with %s', async (_name, makeToken) => {
    const response = await validate(await makeToken());
    expect(response).toMatchObject({ status: 401, body: { message: 'Invalid or expired token' } });
  });

  it('answers 401 for a refresh token used as an access token', async () => {
    const { refreshToken } = (await login('viewer@acme.example', TEST_PASSWORD)).body;
    expect((await validate(refreshToken ?? '')).status).toBe(401);
  });
});

/** Signs a token like ours, with claims overridden (null removes one). */
async function sign(overrides: Record<string, unknown>, key = jwtSecret): Promise<string> {
  const owner = (await login(OWNER_EMAIL, TEST_PASSWORD)).body.user;
  const claims: Record<string, unknown> = {
    sub: owner.id,
    ver: 0,
    typ: 'access',
    iss: 'meridian',
    aud: 'meridian-api',
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(Date.now() / 1000) + 300,
    ...overrides,
  };
  for (const [name, value] of Object.entries(claims)) if (value === null) delete claims[name];
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(key);
}

describe('POST /api/auth/refresh', () => {
  it('rotates: a new pair each time, and the old refresh token stops working', async () => {
    const first = (await login('viewer@acme.example', TEST_PASSWORD)).body;
    const second = await refresh(first.refreshToken ?? '');
    expect(second.status).toBe(200);
    expect(second.body.refreshToken).toBeDefined();
    expect(second.body.refreshToken).not.toBe(first.refreshToken);
    expect(second.body.user?.email).toBe('viewer@acme.example');
    expect((await validate(second.body.accessToken)).status).toBe(200);
    const third = await refresh(second.body.refreshToken ?? '');
    expect(third.status).toBe(200);
  });

  it('detects reuse of a rotated token and revokes the whole family', async () => {
    const first = (await login('viewer@acme.example', TEST_PASSWORD)).body;
    const rotated = (await refresh(first.refreshToken ?? '')).body;
    const replay = await refresh(first.refreshToken ?? '');
    expect(replay).toMatchObject({
      status: 401,
      body: { message: 'Invalid or expired refresh token' },
    });
    // The legitimate holder's newer token is revoked too.
    expect((await refresh(rotated.refreshToken ?? '')).status).toBe(401);
  });

  it('gives exactly one success to two parallel refreshes with the same token', async () => {
    const { refreshToken } = (await login('viewer@acme.example', TEST_PASSWORD)).body;
    const results = await Promise.all([refresh(refreshToken ?? ''), refresh(refreshToken ?? '')]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 401]);
  });

  it('keeps the 30-day absolute lifetime: rotation never extends it', async () => {
    const db = server.database.db;
    const stored = async (token: string) => {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(token)));
      return row;
    };
    const first = (await login('viewer@acme.example', TEST_PASSWORD)).body.refreshToken ?? '';
    const issued = await stored(first);
    expect(
      Math.abs(Number(issued?.expiresAt) - (Date.now() + REFRESH_TOKEN_LIFETIME_MS)),
    ).toBeLessThan(60_000);
    // Near the end of its life, a rotation hands on the same end, not a fresh 30 days.
    const nearEnd = new Date(Date.now() + 60_000);
    await db
      .update(refreshTokens)
      .set({ expiresAt: nearEnd })
      .where(eq(refreshTokens.tokenHash, hashToken(first)));
    const rotated = (await refresh(first)).body.refreshToken ?? '';
    expect((await stored(rotated))?.expiresAt.getTime()).toBe(nearEnd.getTime());
    // Past that end the family is over.
    await db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(rotated)));
    expect((await refresh(rotated)).status).toBe(401);
  });

  it('answers 401 for an unknown token and 400 for a missing one', async () => {
    expect((await refresh('made-up-token')).status).toBe(401);
    const missing = await server.request('POST', '/api/auth/refresh', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^refreshToken: /);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the refresh token and stops the access token at once', async () => {
    const session = (await login('viewer@acme.example', TEST_PASSWORD)).body;
    const response = await server.request('POST', '/api/auth/logout', {
      token: session.accessToken,
      body: { refreshToken: session.refreshToken },
    });
    expect(response).toMatchObject({ status: 200, body: { message: 'Logged out' } });
    expect((await refresh(session.refreshToken ?? '')).status).toBe(401);
    expect((await validate(session.accessToken)).status).toBe(401);
  });

  it('needs a bearer token', async () => {
    expect((await server.request('POST', '/api/auth/logout', { body: {} })).status).toBe(401);
  });
});
