import type {
  AuthResponse,
  ProfileResponse,
  RecoveryCodesResponse,
  TwoFactorChallenge,
  TwoFactorSetupResponse,
} from '@meridian/contracts';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, loginChallenges, userTwoFactor, users } from '../../db/schema.js';
import { TEST_PASSWORD, type TestServer, startTestServer } from '../../test/test-server.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

let server: TestServer;
let orgId: string;

// Behind a trusted proxy, so each test signs in from its own address and throttles stay apart.
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
  orgId = (await server.createOrganization('Acme Freight')).id;
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Freezes the clock (for the test and the in-process server) in the middle of a 30 s step. */
function freezeClock(): number {
  const now = Date.now();
  const middle = now - (now % 30_000) + 15_000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(middle);
  return middle;
}

/** The code an authenticator app shows `steps` periods from now. */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

const post = <T = Record<string, unknown>>(
  path: string,
  body: unknown,
  options: { token?: string; ip: string },
) =>
  server.request<T>('POST', path, {
    body,
    token: options.token,
    headers: { 'x-forwarded-for': options.ip },
  });

/** A signed-in user with 2FA on: their secret, recovery codes and the address they use. */
async function userWithTwoFactor(email: string, ip: string) {
  await server.createUser({ organizationId: orgId, email, adminRole: 'VIEWER' });
  const session = (
    await post<AuthResponse>('/api/auth/login', { email, password: TEST_PASSWORD }, { ip })
  ).body;
  const setup = await post<TwoFactorSetupResponse>('/api/me/two-factor/setup', undefined, {
    token: session.accessToken,
    ip,
  });
  const { secret } = setup.body.data;
  // The previous step's code: the sign-ins below use the current one.
  const enabled = await post<RecoveryCodesResponse>(
    '/api/me/two-factor/enable',
    { code: await codeAt(secret, -1) },
    { token: session.accessToken, ip },
  );
  expect(enabled.status).toBe(200);
  return { email, ip, secret, session, recoveryCodes: enabled.body.data.recoveryCodes };
}

const passwordStep = async (email: string, ip: string) => {
  const answer = await post<TwoFactorChallenge>(
    '/api/auth/login',
    { email, password: TEST_PASSWORD },
    { ip },
  );
  expect(answer.status).toBe(200);
  return answer.body.challengeToken;
};

describe('enabling two-factor authentication', () => {
  it('gives a secret to scan, turns on only once a code confirms it, and shows 10 recovery codes once', async () => {
    freezeClock();
    const ip = '10.20.0.1';
    await server.createUser({ organizationId: orgId, email: 'enable@acme.example' });
    const session = await server.login('enable@acme.example');
    const token = session.accessToken;
    const setup = await post<TwoFactorSetupResponse>('/api/me/two-factor/setup', undefined, {
      token,
      ip,
    });
    expect(setup.status).toBe(200);
    const { secret, otpauthUri } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Meridian:enable%40acme\.example\?/);
    expect(otpauthUri).toContain(`secret=${secret}`);

    // Not on until confirmed: sign-in still answers a session.
    const before = await server.request<ProfileResponse>('GET', '/api/me/profile', { token });
    expect(before.body.data.twoFactor).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await server.login('enable@acme.example')).accessToken).toBeTruthy();

    const wrong = await post('/api/me/two-factor/enable', { code: '000000' }, { token, ip });
    expect(wrong).toMatchObject({
      status: 400,
      body: { message: API_MESSAGES.twoFactor.wrongCode },
    });
    const malformed = await post('/api/me/two-factor/enable', { code: '12ab' }, { token, ip });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/code must be the 6 digits/);

    const enabled = await post<RecoveryCodesResponse>(
      '/api/me/two-factor/enable',
      { code: await codeAt(secret) },
      { token, ip },
    );
    expect(enabled.status).toBe(200);
    const codes = enabled.body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);

    const after = await server.request<ProfileResponse>('GET', '/api/me/profile', { token });
    expect(after.body.data.twoFactor).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // The secret is never answered again, and the database holds it sealed.
    const again = await post('/api/me/two-factor/setup', undefined, { token, ip });
    expect(again).toMatchObject({
      status: 409,
      body: { message: API_MESSAGES.twoFactor.alreadyOn },
    });
    const [row] = await server.database.db
      .select()
      .from(userTwoFactor)
      .where(eq(userTwoFactor.userId, session.user.id));
    expect(row?.secretSealed).not.toContain(secret);
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'two_factor.enable'), eq(auditLog.targetId, session.user.id)));
    expect(audits).toHaveLength(1);
  });

  it('refuses an account that signs in only with Google', async () => {
    const user = await server.createUser({ organizationId: orgId, email: 'google@acme.example' });
    const session = await server.login('google@acme.example');
    await server.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    const setup = await post('/api/me/two-factor/setup', undefined, {
      token: session.accessToken,
      ip: '10.20.0.2',
    });
    expect(setup).toMatchObject({
      status: 400,
      body: { message: API_MESSAGES.twoFactor.googleOnly },
    });
  });
});

describe('signing in with two-factor authentication', () => {
  it('answers a challenge after the password, and a session for a current code, which cannot be replayed', async () => {
    freezeClock();
    const { email, ip, secret } = await userWithTwoFactor('signin@acme.example', '10.21.0.1');
    const challenge = await post<TwoFactorChallenge>(
      '/api/auth/login',
      { email, password: TEST_PASSWORD },
      { ip },
    );
    expect(challenge.status).toBe(200);
    expect(challenge.body).toMatchObject({
      twoFactorRequired: true,
      message: API_MESSAGES.twoFactor.challenge,
    });
    expect(challenge.body).not.toHaveProperty('accessToken');
    expect(challenge.body).not.toHaveProperty('refreshToken');

    const wrong = await post(
      '/api/auth/login/2fa',
      { challengeToken: challenge.body.challengeToken, code: '000000' },
      { ip },
    );
    expect(wrong).toMatchObject({
      status: 401,
      body: { message: API_MESSAGES.twoFactor.wrongCode },
    });

    const code = await codeAt(secret);
    const signedIn = await post<AuthResponse>(
      '/api/auth/login/2fa',
      { challengeToken: challenge.body.challengeToken, code },
      { ip },
    );
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ message: 'Login successful', user: { email } });
    const profile = await server.request('GET', '/api/me/profile', {
      token: signedIn.body.accessToken,
    });
    expect(profile.status).toBe(200);

    // A used challenge is over, and the same code on a new challenge is a replay.
    const reused = await post(
      '/api/auth/login/2fa',
      { challengeToken: challenge.body.challengeToken, code },
      { ip },
    );
    expect(reused).toMatchObject({
      status: 401,
      body: { message: API_MESSAGES.twoFactor.challengeExpired },
    });
    const replay = await post(
      '/api/auth/login/2fa',
      { challengeToken: await passwordStep(email, ip), code },
      { ip },
    );
    expect(replay).toMatchObject({
      status: 401,
      body: { message: API_MESSAGES.twoFactor.replayedCode },
    });

    // The next step's code works (the clock moved on).
    vi.setSystemTime(Date.now() + 30_000);
    const next = await post(
      '/api/auth/login/2fa',
      { challengeToken: await passwordStep(email, ip), code: await codeAt(secret) },
      { ip },
    );
    expect(next.status).toBe(200);
  });

  it('accepts one code once when two sign-ins race with it', async () => {
    freezeClock();
    const { email, ip, secret } = await userWithTwoFactor('race@acme.example', '10.21.1.1');
    const code = await codeAt(secret);
    const tokens = [await passwordStep(email, ip), await passwordStep(email, '10.21.1.2')];
    const answers = await Promise.all(
      tokens.map((challengeToken, i) =>
        post('/api/auth/login/2fa', { challengeToken, code }, { ip: `10.21.1.${i + 1}` }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });

  it('accepts each recovery code once, however it is typed', async () => {
    freezeClock();
    const { email, ip, recoveryCodes, session } = await userWithTwoFactor(
      'recover@acme.example',
      '10.22.0.1',
    );
    const [first = '', second = ''] = recoveryCodes;
    const typed = first.toUpperCase().replaceAll('-', ' ');
    const signedIn = await post<AuthResponse>(
      '/api/auth/login/2fa',
      { challengeToken: await passwordStep(email, ip), recoveryCode: typed },
      { ip },
    );
    expect(signedIn.status).toBe(200);
    const twice = await post(
      '/api/auth/login/2fa',
      { challengeToken: await passwordStep(email, ip), recoveryCode: first },
      { ip },
    );
    expect(twice).toMatchObject({
      status: 401,
      body: { message: API_MESSAGES.twoFactor.wrongRecoveryCode },
    });
    const profile = await server.request<ProfileResponse>('GET', '/api/me/profile', {
      token: session.accessToken,
    });
    expect(profile.body.data.twoFactor).toEqual({ enabled: true, recoveryCodesLeft: 9 });
    expect(
      (
        await post(
          '/api/auth/login/2fa',
          { challengeToken: await passwordStep(email, '10.22.0.2'), recoveryCode: second },
          { ip: '10.22.0.2' },
        )
      ).status,
    ).toBe(200);
  });

  it('refuses bad payloads with a message', async () => {
    const ip = '10.23.0.1';
    const both = await post(
      '/api/auth/login/2fa',
      { challengeToken: 'x', code: '123456', recoveryCode: 'abcd' },
      { ip },
    );
    expect(both).toMatchObject({ status: 400 });
    expect(both.body.message).toMatch(/either code or recoveryCode/);
    const neither = await post('/api/auth/login/2fa', { challengeToken: 'x' }, { ip });
    expect(neither.status).toBe(400);
    const unknown = await post(
      '/api/auth/login/2fa',
      { challengeToken: 'not-a-challenge', code: '123456' },
      { ip },
    );
    expect(unknown).toMatchObject({
      status: 401,
      body: { message: API_MESSAGES.twoFactor.challengeExpired },
    });
  });

  it('ends a challenge after 5 minutes', async () => {
    freezeClock();
    const { email, ip, secret } = await userWithTwoFactor('expire@acme.example', '10.24.0.1');
    const challengeToken = await passwordStep(email, ip);
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1000);
    const late = await post(
      '/api/auth/login/2fa',
      { challengeToken, code: await codeAt(secret) },
      { ip },
    );
    expect(late).toMatchObject({
      status: 401,
      body: { message: API_MESSAGES.twoFactor.challengeExpired },
    });
  });

  it('throttles code guessing like passwords, and a challenge takes 5 tries at most', async () => {
    freezeClock();
    const { email, secret } = await userWithTwoFactor('guess@acme.example', '10.25.0.1');
    const ip = '10.25.0.2';
    // From one address: the password attempt and 4 wrong codes make 5 failures: 429.
    const challengeToken = await passwordStep(email, ip);
    for (let i = 0; i < 4; i += 1)
      expect(
        (await post('/api/auth/login/2fa', { challengeToken, code: '000000' }, { ip })).status,
      ).toBe(401);
    const throttled = await post(
      '/api/auth/login/2fa',
      { challengeToken, code: await codeAt(secret) },
      { ip },
    );
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);

    // Spread over addresses, the challenge itself stops after 5 tries, even for the right code.
    const spread = await passwordStep(email, '10.25.1.1');
    for (let i = 0; i < 5; i += 1)
      expect(
        (
          await post(
            '/api/auth/login/2fa',
            { challengeToken: spread, code: '000000' },
            { ip: `10.25.2.${i}` },
          )
        ).status,
      ).toBe(401);
    const exhausted = await post(
      '/api/auth/login/2fa',
      { challengeToken: spread, code: await codeAt(secret) },
      { ip: '10.25.3.1' },
    );
    expect(exhausted).toMatchObject({
      status: 401,
      body: { message: API_MESSAGES.twoFactor.tooManyTries },
    });
    const [row] = await server.database.db
      .select({ tries: loginChallenges.tries })
      .from(loginChallenges)
      .where(eq(loginChallenges.ip, '10.25.1.1'));
    expect(row?.tries).toBe(5);
  });
});

describe('disabling two-factor authentication', () => {
  it('needs the password and a current code, then sign-in gives a session again', async () => {
    freezeClock();
    const { email, ip, secret, session } = await userWithTwoFactor(
      'disable@acme.example',
      '10.26.0.1',
    );
    const token = session.accessToken;
    const wrongPassword = await post(
      '/api/me/two-factor/disable',
      { password: 'nope-nope', code: await codeAt(secret) },
      { token, ip },
    );
    expect(wrongPassword).toMatchObject({
      status: 400,
      body: { message: API_MESSAGES.twoFactor.wrongPassword },
    });
    const wrongCode = await post(
      '/api/me/two-factor/disable',
      { password: TEST_PASSWORD, code: '000000' },
      { token, ip },
    );
    expect(wrongCode).toMatchObject({
      status: 400,
      body: { message: API_MESSAGES.twoFactor.wrongCode },
    });
    const stillOn = await server.request<ProfileResponse>('GET', '/api/me/profile', { token });
    expect(stillOn.body.data.twoFactor.enabled).toBe(true);

    const off = await post(
      '/api/me/two-factor/disable',
      { password: TEST_PASSWORD, code: await codeAt(secret) },
      { token, ip },
    );
    expect(off).toMatchObject({
      status: 200,
      body: { message: 'Two-factor authentication is off' },
    });
    const profile = await server.request<ProfileResponse>('GET', '/api/me/profile', { token });
    expect(profile.body.data.twoFactor).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const plain = await post<AuthResponse>(
      '/api/auth/login',
      { email, password: TEST_PASSWORD },
      { ip: '10.26.0.2' },
    );
    expect(plain.body.accessToken).toBeTruthy();
    const again = await post(
      '/api/me/two-factor/disable',
      { password: TEST_PASSWORD, code: '123456' },
      { token, ip },
    );
    expect(again).toMatchObject({ status: 400, body: { message: API_MESSAGES.twoFactor.notOn } });
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'two_factor.disable'), eq(auditLog.targetId, session.user.id)),
      );
    expect(audits).toHaveLength(1);
  });

  it('accepts a recovery code in place of the app code', async () => {
    freezeClock();
    const { ip, recoveryCodes, session } = await userWithTwoFactor(
      'lost-phone@acme.example',
      '10.27.0.1',
    );
    const off = await post(
      '/api/me/two-factor/disable',
      { password: TEST_PASSWORD, code: recoveryCodes[3] },
      { token: session.accessToken, ip },
    );
    expect(off.status).toBe(200);
  });
});
