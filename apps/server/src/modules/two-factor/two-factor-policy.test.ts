import {
  type AuthResponse,
  DEFAULT_SECURITY_SETTINGS,
  type RecoveryCodesResponse,
  type TwoFactorChallenge,
  type TwoFactorSetupResponse,
  type TwoFactorStatusResponse,
  type ValidateResponse,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.js';
import { TEST_PASSWORD, type TestServer, startTestServer } from '../../test/test-server.js';

let server: TestServer;
let orgId: string;
let otherOrgId: string;
let adminToken: string;

// Behind a trusted proxy, so each test signs in from its own address and throttles stay apart.
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
  orgId = (await server.createOrganization('Acme Freight')).id;
  otherOrgId = (await server.createOrganization('Other Freight')).id;
  await server.createUser({
    organizationId: orgId,
    email: 'admin@acme.example',
    adminRole: 'ADMIN',
  });
  adminToken = (await server.login('admin@acme.example')).accessToken;
  // The policy's own admins set it up first (see the refusal tested below).
  await setUpTwoFactor(adminToken, '198.51.100.1');
});
afterAll(() => server.close());

const call = <T = Record<string, unknown>>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { token?: string; body?: unknown; ip?: string } = {},
) =>
  server.request<T>(method, path, {
    body: options.body,
    token: options.token,
    headers: { 'x-forwarded-for': options.ip ?? '198.51.100.1' },
  });

const signIn = (email: string, ip: string) =>
  call<AuthResponse>('POST', '/api/auth/login', {
    body: { email, password: TEST_PASSWORD },
    ip,
  });

const requireTwoFactor = (token: string, on: boolean) =>
  call('PUT', '/api/admin/settings/security', {
    token,
    body: { ...DEFAULT_SECURITY_SETTINGS, requireTwoFactor: on },
  });

/** Sets 2FA up through the API, as the setup screen does; answers the secret. */
async function setUpTwoFactor(token: string, ip: string): Promise<string> {
  const setup = await call<TwoFactorSetupResponse>('POST', '/api/me/two-factor/setup', {
    token,
    ip,
  });
  expect(setup.status).toBe(200);
  const { secret } = setup.body.data;
  const enabled = await call<RecoveryCodesResponse>('POST', '/api/me/two-factor/enable', {
    token,
    ip,
    body: { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 }) },
  });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  return secret;
}

describe('the organization policy "require two-factor authentication"', () => {
  it('lets a password session without 2FA do nothing but set it up, then everything', async () => {
    const ip = '198.51.100.10';
    await server.createUser({ organizationId: orgId, email: 'noah@acme.example' });
    const before = await signIn('noah@acme.example', ip);
    expect(before.body.user).not.toHaveProperty('twoFactorSetupRequired');

    expect((await requireTwoFactor(adminToken, true)).status).toBe(200);
    try {
      // A session opened before the policy is held by it from its next request.
      const held = await call('GET', '/api/atlas/events', { token: before.body.accessToken, ip });
      expect(held.status).toBe(403);
      expect(held.body).toEqual({
        code: 'FORBIDDEN',
        message: API_MESSAGES.access.twoFactorPolicy,
      });

      const session = await signIn('noah@acme.example', ip);
      expect(session.status).toBe(200);
      expect(session.body.user.twoFactorSetupRequired).toBe(true);
      const token = session.body.accessToken;
      const validate = await call<ValidateResponse>('POST', '/api/auth/validate', { token, ip });
      expect(validate.body.user.twoFactorSetupRequired).toBe(true);
      expect((await call('GET', '/api/me/profile', { token, ip })).status).toBe(200);
      for (const [method, path] of [
        ['GET', '/api/atlas/events'],
        ['GET', '/api/admin/users'],
        ['GET', '/api/me/sessions'],
        ['POST', '/api/me/two-factor/disable'],
      ] as const) {
        const refused = await call(method, path, {
          token,
          ip,
          body: method === 'POST' ? { password: TEST_PASSWORD, code: '000000' } : undefined,
        });
        expect(refused.status, `${method} ${path}`).toBe(403);
        expect(refused.body).toEqual({
          code: 'FORBIDDEN',
          message: API_MESSAGES.access.twoFactorPolicy,
        });
      }

      await setUpTwoFactor(token, ip);
      // The same session goes on at once: its 2FA is now set up.
      expect((await call('GET', '/api/atlas/events', { token, ip })).status).toBe(200);
      const after = await call<ValidateResponse>('POST', '/api/auth/validate', { token, ip });
      expect(after.body.user).not.toHaveProperty('twoFactorSetupRequired');
      // And the next sign-in asks for the code, as for anyone with 2FA.
      const next = await call<TwoFactorChallenge>('POST', '/api/auth/login', {
        body: { email: 'noah@acme.example', password: TEST_PASSWORD },
        ip,
      });
      expect(next.body.twoFactorRequired).toBe(true);
    } finally {
      expect((await requireTwoFactor(adminToken, false)).status).toBe(200);
    }
  });

  it('holds only the organization that asks for it, and is audited', async () => {
    const ip = '198.51.100.11';
    await server.createUser({ organizationId: otherOrgId, email: 'olga@other.example' });
    expect((await requireTwoFactor(adminToken, true)).status).toBe(200);
    try {
      const elsewhere = await signIn('olga@other.example', ip);
      expect(elsewhere.body.user).not.toHaveProperty('twoFactorSetupRequired');
      const token = elsewhere.body.accessToken;
      expect((await call('GET', '/api/atlas/events', { token, ip })).status).toBe(200);
    } finally {
      expect((await requireTwoFactor(adminToken, false)).status).toBe(200);
    }
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.security.update'));
    expect(
      audit.map((row) => (row.after as { requireTwoFactor?: boolean }).requireTwoFactor),
    ).toEqual(expect.arrayContaining([true, false]));
  });

  it('is refused to an admin who would be held by it: their own password session has no 2FA', async () => {
    await server.createUser({
      organizationId: orgId,
      email: 'second-admin@acme.example',
      adminRole: 'ADMIN',
    });
    const token = (await signIn('second-admin@acme.example', '198.51.100.12')).body.accessToken;
    const refused = await requireTwoFactor(token, true);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      code: 'BAD_REQUEST',
      message: API_MESSAGES.settings.ownTwoFactorFirst,
    });
    const settings = await call<{ data: { requireTwoFactor: boolean } }>(
      'GET',
      '/api/admin/settings/security',
      { token },
    );
    expect(settings.body.data.requireTwoFactor).toBe(false);
  });

  it('refuses a security document without the policy, with a message', async () => {
    const withoutPolicy: Partial<typeof DEFAULT_SECURITY_SETTINGS> = {
      ...DEFAULT_SECURITY_SETTINGS,
    };
    delete withoutPolicy.requireTwoFactor;
    const response = await call('PUT', '/api/admin/settings/security', {
      token: adminToken,
      body: withoutPolicy,
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/requireTwoFactor/);
  });
});

describe("an admin resetting a member's two-factor authentication", () => {
  it('turns it off, so the member signs in with the password alone, and is audited', async () => {
    const ip = '198.51.100.20';
    const member = await server.createUser({ organizationId: orgId, email: 'rita@acme.example' });
    const session = await signIn('rita@acme.example', ip);
    await setUpTwoFactor(session.body.accessToken, ip);
    const status = await call<TwoFactorStatusResponse>(
      'GET',
      `/api/admin/users/${member.id}/two-factor`,
      { token: adminToken },
    );
    expect(status.body.data).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    const reset = await call('DELETE', `/api/admin/users/${member.id}/two-factor`, {
      token: adminToken,
    });
    expect(reset.status).toBe(200);
    const after = await call<TwoFactorStatusResponse>(
      'GET',
      `/api/admin/users/${member.id}/two-factor`,
      { token: adminToken },
    );
    expect(after.body.data).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const plain = await signIn('rita@acme.example', ip);
    expect(plain.body.accessToken).toEqual(expect.any(String));
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'two_factor.reset'));
    expect(audit.map((row) => row.targetId)).toContain(member.id);

    const again = await call('DELETE', `/api/admin/users/${member.id}/two-factor`, {
      token: adminToken,
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 'BAD_REQUEST', message: API_MESSAGES.user.twoFactorOff });
  });
});
