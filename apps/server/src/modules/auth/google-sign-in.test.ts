import { createHash, randomBytes } from 'node:crypto';
import {
  type AuthResponse,
  DEFAULT_SECURITY_SETTINGS,
  type GoogleSignInResponse,
  type ProfileResponse,
  isGoogleLinkChallenge,
  type PublicConfig,
  type ValidateResponse,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestOidcProvider, startTestOidcProvider } from '../../test/oidc-test-provider.js';
import { TEST_PASSWORD, type TestServer, startTestServer } from '../../test/test-server.js';
import { auditLog, userTwoFactor } from '../../db/schema.js';
import { usersRepository } from '../users/users.repository.js';
import { settingsRepository } from '../settings/settings.repository.js';

const DOMAIN = 'acme.example';
const STAFF_DOMAIN = 'meridian-staff.example';
/** Never opened: without a browser the test reads the code from the provider's redirect. */
const REDIRECT_URI = 'http://127.0.0.1:9/auth/google/callback';

let provider: TestOidcProvider;
let server: TestServer;
let orgId: string;
let adminToken: string;

beforeAll(async () => {
  provider = await startTestOidcProvider({
    redirectUris: [REDIRECT_URI],
    users: [
      { email: `dana@${DOMAIN}`, givenName: 'Dana', familyName: 'Fields' },
      { email: `ivy@${DOMAIN}`, givenName: 'Ivy', familyName: 'Newcomb' },
      { email: `gone@${DOMAIN}`, givenName: 'Former', familyName: 'Member' },
      { email: `stranger@${DOMAIN}`, givenName: 'Sam', familyName: 'Stranger' },
      {
        email: `unverified@${DOMAIN}`,
        givenName: 'Una',
        familyName: 'Verified',
        emailVerified: false,
      },
      { email: `personal@${DOMAIN}`, givenName: 'Pat', familyName: 'Sonal', hostedDomain: null },
      { email: 'eve@elsewhere.example', givenName: 'Eve', familyName: 'Elsewhere' },
      { email: `paula@${DOMAIN}`, givenName: 'Paula', familyName: 'Word' },
      // The same address as Paula's, but another Google account (another subject).
      { email: `paula@${DOMAIN}`, givenName: 'Paula', familyName: 'Word', subject: 'paula-again' },
      { email: `dana@${DOMAIN}`, givenName: 'Dana', familyName: 'Fields', subject: 'dana-again' },
      { email: `lead@${STAFF_DOMAIN}`, givenName: 'Lee', familyName: 'Staff' },
      // A consumer Google account made for a staff address: no hosted domain.
      { email: `ops@${STAFF_DOMAIN}`, givenName: 'Otto', familyName: 'Staff', hostedDomain: null },
    ],
  });
  server = await startTestServer({
    GOOGLE_CLIENT_ID: provider.clientId,
    GOOGLE_CLIENT_SECRET: provider.clientSecret,
    GOOGLE_ALLOWED_DOMAIN: DOMAIN,
    OIDC_ISSUER: provider.issuer,
  });
  orgId = (await server.createOrganization('Acme Freight')).id;
  await server.createUser({ organizationId: orgId, email: `admin@${DOMAIN}`, adminRole: 'ADMIN' });
  // Dana signs in only with Google; Paula has a password too.
  await server.createUser({
    organizationId: orgId,
    email: `dana@${DOMAIN}`,
    adminRole: 'MANAGER',
    password: false,
  });
  await server.createUser({ organizationId: orgId, email: `paula@${DOMAIN}` });
  await server.createUser({ organizationId: orgId, email: 'eve@elsewhere.example' });
  await server.createUser({ organizationId: orgId, email: `unverified@${DOMAIN}` });
  await server.createUser({ organizationId: orgId, email: `personal@${DOMAIN}` });
  await server.createUser({
    organizationId: orgId,
    email: `gone@${DOMAIN}`,
    accountStatus: 'DEACTIVATED',
  });
  adminToken = (await server.login(`admin@${DOMAIN}`)).accessToken;
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

type Attempt = {
  code: string;
  state: string;
  redirectUri: string;
  codeVerifier: string;
  nonce: string;
};

/**
 * What the browser does at the provider: follow the redirects from the authorization endpoint
 * the server advertises, sign in on the provider's form, and read the code it sends back.
 */
async function authorizeAt(email: string): Promise<Attempt> {
  const config = await server.request<PublicConfig>('GET', '/api/config');
  const endpoint = config.body.google?.authorizationEndpoint;
  if (!endpoint) throw new Error('no authorization endpoint advertised');
  const state = randomBytes(16).toString('base64url');
  const nonce = randomBytes(16).toString('base64url');
  const codeVerifier = randomBytes(48).toString('base64url');
  const url = new URL(endpoint);
  url.search = new URLSearchParams({
    client_id: provider.clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid email profile',
    prompt: 'select_account',
    state,
    nonce,
    code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();

  const cookies = new Map<string, string>();
  let response = await fetch(url, { redirect: 'manual' });
  let current = url;
  for (let step = 0; step < 20; step += 1) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      cookies.set(name, value);
    }
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const location = response.headers.get('location');
    if (location) {
      current = new URL(location, current);
      if (current.href.startsWith(REDIRECT_URI)) {
        const code = current.searchParams.get('code');
        if (!code) throw new Error(`no code in ${current.href}`);
        expect(current.searchParams.get('state')).toBe(state);
        return { code, state, redirectUri: REDIRECT_URI, codeVerifier, nonce };
      }
      response = await fetch(current, { redirect: 'manual', headers: { cookie } });
    } else {
      // The provider's login form.
      expect(response.status, await response.clone().text()).toBe(200);
      response = await fetch(new URL(`${current.pathname}/login`, current), {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, action: 'login' }).toString(),
      });
    }
  }
  throw new Error('too many redirects at the provider');
}

const exchange = (attempt: Attempt) =>
  server.request<AuthResponse>('POST', '/api/auth/google', { body: attempt });

const linkChallengeOf = async (attempt: Attempt) => {
  const response = await server.request<GoogleSignInResponse>('POST', '/api/auth/google', {
    body: attempt,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  if (!isGoogleLinkChallenge(response.body)) throw new Error('expected a link challenge');
  return response.body;
};

const confirmLink = (linkToken: string, password: string) =>
  server.request<AuthResponse>('POST', '/api/auth/google/link', { body: { linkToken, password } });

const storedSubject = async (email: string) =>
  (await usersRepository.findByEmail(server.database.db, email))?.googleSub ?? null;

describe('GET /api/config with Google configured', () => {
  it('advertises the authorization endpoint found through discovery', async () => {
    const config = await server.request<PublicConfig>('GET', '/api/config');
    expect(config.body.google).toEqual({
      clientId: provider.clientId,
      allowedDomain: DOMAIN,
      authorizationEndpoint: `${provider.issuer}/auth`,
    });
  });
});

describe('POST /api/auth/google', () => {
  it('signs an active user in with the same reply as password login', async () => {
    const response = await exchange(await authorizeAt(`dana@${DOMAIN}`));
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Login successful');
    expect(response.body.user).toMatchObject({ email: `dana@${DOMAIN}`, adminRole: 'MANAGER' });
    expect(response.body.refreshToken).toEqual(expect.any(String));
    const validate = await server.request<ValidateResponse>('POST', '/api/auth/validate', {
      token: response.body.accessToken,
    });
    expect(validate.status).toBe(200);
    expect(validate.body.user.email).toBe(`dana@${DOMAIN}`);
  });

  it("links a Google-only account on its first sign-in, and afterwards only that account's subject", async () => {
    expect(await storedSubject(`dana@${DOMAIN}`)).toBe(`dana@${DOMAIN}`);
    const other = await exchange(await authorizeAt('dana-again'));
    expect(other.status).toBe(403);
    expect(other.body).toEqual({
      code: 'FORBIDDEN',
      message: API_MESSAGES.google.otherGoogleAccount,
    });
  });

  it('links a password account only once its password is confirmed', async () => {
    const email = `paula@${DOMAIN}`;
    const challenge = await linkChallengeOf(await authorizeAt(email));
    expect(challenge).toMatchObject({ message: API_MESSAGES.google.linkRequired, email });
    expect(challenge).not.toHaveProperty('accessToken');
    expect(await storedSubject(email)).toBeNull();

    const wrong = await confirmLink(challenge.linkToken, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      code: 'UNAUTHORIZED',
      message: API_MESSAGES.google.wrongPassword,
    });
    expect(await storedSubject(email)).toBeNull();

    const linked = await confirmLink(challenge.linkToken, TEST_PASSWORD);
    expect(linked.status).toBe(200);
    expect(linked.body.user.email).toBe(email);
    expect(await storedSubject(email)).toBe(email);
    // The confirmation is single-use.
    const replay = await confirmLink(challenge.linkToken, TEST_PASSWORD);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ code: 'UNAUTHORIZED', message: API_MESSAGES.google.linkExpired });

    // From now on Google signs Paula in at once, and only with the linked account.
    const direct = await exchange(await authorizeAt(email));
    expect(direct.status).toBe(200);
    expect(direct.body.accessToken).toEqual(expect.any(String));
    const other = await exchange(await authorizeAt('paula-again'));
    expect(other.status).toBe(403);
    expect(other.body).toEqual({
      code: 'FORBIDDEN',
      message: API_MESSAGES.google.otherGoogleAccount,
    });

    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'google.link'));
    expect(audit.map((row) => row.after)).toContainEqual({ how: 'password confirmed' });

    // The Security screen tells, and unlinking asks the next Google sign-in to confirm again.
    const profile = await server.request<ProfileResponse>('GET', '/api/me/profile', {
      token: linked.body.accessToken,
    });
    expect(profile.body.data.loginMethod).toBe('PASSWORD_AND_GOOGLE');
    expect(profile.body.data.googleLinkedAt).toEqual(expect.any(String));
    const googleSession = direct.body.accessToken;
    const unlink = await server.request('DELETE', '/api/me/google-link', {
      token: linked.body.accessToken,
    });
    expect(unlink.status).toBe(200);
    expect(await storedSubject(email)).toBeNull();
    // The session Google signed in has ended; the one that unlinked stays.
    const ended = await server.request('POST', '/api/auth/validate', { token: googleSession });
    expect(ended.status).toBe(401);
    const kept = await server.request('POST', '/api/auth/validate', {
      token: linked.body.accessToken,
    });
    expect(kept.status).toBe(200);
    const again = await server.request('DELETE', '/api/me/google-link', {
      token: linked.body.accessToken,
    });
    expect(again.status).toBe(400);
    await linkChallengeOf(await authorizeAt(email));
  });

  it('ends a link confirmation after five wrong passwords', async () => {
    const challenge = await linkChallengeOf(await authorizeAt(`paula@${DOMAIN}`));
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await confirmLink(challenge.linkToken, `wrong-${attempt}`)).status).toBe(401);
    }
    const blocked = await confirmLink(challenge.linkToken, TEST_PASSWORD);
    expect(blocked.status).toBe(401);
    expect(blocked.body).toEqual({
      code: 'UNAUTHORIZED',
      message: API_MESSAGES.google.linkTooManyTries,
    });
    expect(await storedSubject(`paula@${DOMAIN}`)).toBeNull();
  });

  it('refuses a malformed or unknown link token with a message', async () => {
    const empty = await confirmLink('', TEST_PASSWORD);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/linkToken/);
    const unknown = await confirmLink('x'.repeat(43), TEST_PASSWORD);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({
      code: 'UNAUTHORIZED',
      message: API_MESSAGES.google.linkExpired,
    });
  });

  it('activates an invited user with the names from the id_token', async () => {
    const invited = await server.request('POST', '/api/admin/invitations', {
      token: adminToken,
      body: { email: `ivy@${DOMAIN}`, adminRole: 'VIEWER' },
    });
    expect(invited.status).toBe(201);
    const response = await exchange(await authorizeAt(`ivy@${DOMAIN}`));
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({
      email: `ivy@${DOMAIN}`,
      firstName: 'Ivy',
      lastName: 'Newcomb',
      accountStatus: 'ACTIVE',
    });
    expect(await storedSubject(`ivy@${DOMAIN}`)).toBe(`ivy@${DOMAIN}`);
    // The invitation link is used up, and the next Google sign-in is an ordinary one.
    const again = await exchange(await authorizeAt(`ivy@${DOMAIN}`));
    expect(again.status).toBe(200);
  });

  it('refuses an e-mail Meridian does not know, without creating an account', async () => {
    const response = await exchange(await authorizeAt(`stranger@${DOMAIN}`));
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      code: 'FORBIDDEN',
      message: API_MESSAGES.google.unknownAccount,
    });
    const users = await server.request<{ data: { users: { email: string }[] } }>(
      'GET',
      '/api/admin/users',
      { token: adminToken },
    );
    expect(JSON.stringify(users.body)).not.toContain('stranger@');
  });

  it('enforces the allowed domain on the e-mail and on the hd claim', async () => {
    const message = { code: 'FORBIDDEN', message: API_MESSAGES.google.domainNotAllowed(DOMAIN) };
    const elsewhere = await exchange(await authorizeAt('eve@elsewhere.example'));
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toEqual(message);
    const noHostedDomain = await exchange(await authorizeAt(`personal@${DOMAIN}`));
    expect(noHostedDomain.status).toBe(403);
    expect(noHostedDomain.body).toEqual(message);
  });

  it('requires a verified e-mail address', async () => {
    const response = await exchange(await authorizeAt(`unverified@${DOMAIN}`));
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      code: 'FORBIDDEN',
      message: API_MESSAGES.google.emailNotVerified,
    });
  });

  it('refuses a deactivated account', async () => {
    const response = await exchange(await authorizeAt(`gone@${DOMAIN}`));
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/deactivated/);
  });

  it('refuses a replayed code', async () => {
    const attempt = await authorizeAt(`dana@${DOMAIN}`);
    expect((await exchange(attempt)).status).toBe(200);
    const replay = await exchange(attempt);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({
      code: 'UNAUTHORIZED',
      message: API_MESSAGES.google.codeRejected,
    });
  });

  it('refuses a code sent with the wrong PKCE verifier or redirect address', async () => {
    const wrongVerifier = await exchange({
      ...(await authorizeAt(`dana@${DOMAIN}`)),
      codeVerifier: randomBytes(48).toString('base64url'),
    });
    expect(wrongVerifier.status).toBe(401);
    expect(wrongVerifier.body).toEqual({
      code: 'UNAUTHORIZED',
      message: API_MESSAGES.google.codeRejected,
    });
    const wrongRedirect = await exchange({
      ...(await authorizeAt(`dana@${DOMAIN}`)),
      redirectUri: 'http://127.0.0.1:9/elsewhere',
    });
    expect(wrongRedirect.status).toBe(401);
  });

  it('refuses an id_token whose nonce is not the one the browser sent', async () => {
    const response = await exchange({
      ...(await authorizeAt(`dana@${DOMAIN}`)),
      nonce: randomBytes(16).toString('base64url'),
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      code: 'UNAUTHORIZED',
      message: API_MESSAGES.google.unverified,
    });
  });

  it('refuses a forged code', async () => {
    const attempt = await authorizeAt(`dana@${DOMAIN}`);
    const response = await exchange({ ...attempt, code: `${attempt.code}x` });
    expect(response.status).toBe(401);
  });

  it('does not ask for a two-factor code: Google checked the person', async () => {
    const dana = await usersRepository.findByEmail(server.database.db, `dana@${DOMAIN}`);
    if (!dana) throw new Error('dana is missing');
    await server.database.db
      .insert(userTwoFactor)
      .values({ userId: dana.id, secretSealed: 'unused', enabledAt: new Date() });
    try {
      const response = await exchange(await authorizeAt(`dana@${DOMAIN}`));
      expect(response.status).toBe(200);
      expect(response.body.accessToken).toEqual(expect.any(String));
    } finally {
      await server.database.db.delete(userTwoFactor).where(eq(userTwoFactor.userId, dana.id));
    }
  });

  it("is refused while the organization's external access is off", async () => {
    const save = (externalAccess: boolean) =>
      server.request('PUT', '/api/admin/settings/security', {
        token: adminToken,
        body: { ...DEFAULT_SECURITY_SETTINGS, externalAccess },
      });
    expect((await save(false)).status).toBe(200);
    try {
      const refused = await exchange(await authorizeAt(`dana@${DOMAIN}`));
      expect(refused).toMatchObject({
        status: 403,
        body: { message: API_MESSAGES.google.externalAccessOff },
      });
    } finally {
      expect((await save(true)).status).toBe(200);
    }
    expect((await exchange(await authorizeAt(`dana@${DOMAIN}`))).status).toBe(200);
  });
});

describe('Google sign-in and the IP allow list', () => {
  it("is refused from outside the organization's allow list", async () => {
    const fence = (ipWhitelist: boolean) =>
      settingsRepository.save(server.database.db, orgId, 'security', {
        ...DEFAULT_SECURITY_SETTINGS,
        ipWhitelist,
        ipAllowList: ['192.0.2.0/24'],
      });
    await fence(true);
    try {
      // The test's requests come from 127.0.0.1, outside the list.
      expect(await exchange(await authorizeAt(`dana@${DOMAIN}`))).toMatchObject({
        status: 403,
        body: { message: API_MESSAGES.access.addressNotAllowed('127.0.0.1') },
      });
    } finally {
      await fence(false);
    }
    expect((await exchange(await authorizeAt(`dana@${DOMAIN}`))).status).toBe(200);
  });
});

describe('Google sign-in of platform staff', () => {
  it("needs the internal domain's Workspace account (hd), not only its e-mail", async () => {
    const staffServer = await startTestServer({
      GOOGLE_CLIENT_ID: provider.clientId,
      GOOGLE_CLIENT_SECRET: provider.clientSecret,
      OIDC_ISSUER: provider.issuer,
      INTERNAL_DOMAIN: STAFF_DOMAIN,
    });
    const main = server;
    try {
      server = staffServer;
      const platform = await staffServer.createOrganization('Platform');
      for (const email of [`lead@${STAFF_DOMAIN}`, `ops@${STAFF_DOMAIN}`])
        await staffServer.createUser({ organizationId: platform.id, email, password: false });
      const consumer = await exchange(await authorizeAt(`ops@${STAFF_DOMAIN}`));
      expect(consumer.status).toBe(403);
      expect(consumer.body).toEqual({
        code: 'FORBIDDEN',
        message: API_MESSAGES.google.staffWorkspace(STAFF_DOMAIN),
      });
      expect(await storedSubject(`ops@${STAFF_DOMAIN}`)).toBeNull();
      const workspace = await exchange(await authorizeAt(`lead@${STAFF_DOMAIN}`));
      expect(workspace.status).toBe(200);
    } finally {
      server = main;
      await staffServer.close();
    }
  });
});

describe('without Google settings', () => {
  it('answers that Google sign-in is not configured', async () => {
    const plain = await startTestServer();
    try {
      const config = await plain.request<PublicConfig>('GET', '/api/config');
      expect(config.body.google).toBeNull();
      const response = await plain.request('POST', '/api/auth/google', {
        body: {
          code: 'code',
          state: 'state',
          redirectUri: REDIRECT_URI,
          nonce: 'n'.repeat(22),
        },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        code: 'BAD_REQUEST',
        message: API_MESSAGES.google.notConfigured,
      });
    } finally {
      await plain.close();
    }
  });
});
