import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AuthResponse, InvitationCreateResponse } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, users } from '../db/schema.js';
import { loadConfig } from '../config.js';
import { hashToken, newOpaqueToken } from '../lib/tokens.js';
import { OWNER_EMAIL, TEST_PASSWORD, type TestServer, startTestServer } from './test-server.js';

/** The account-takeover paths a security review found, each kept shut by a test. */
let server: TestServer;
let customerOrg: string;
let ownerId: string;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
  customerOrg = (await server.createOrganization('Acme Freight')).id;
  const [owner] = await server.database.db.select().from(users).where(eq(users.email, OWNER_EMAIL));
  ownerId = owner?.id ?? '';
});
afterAll(() => server.close());

const email = (domain: string) => `u-${randomUUID().slice(0, 8)}@${domain}`;

describe('owner takeover by a platform admin', () => {
  it('cannot set the owner PENDING, nor re-invite the owner to set a new password', async () => {
    const admin = await server.createUser({
      organizationId: server.internalOrganizationId,
      email: email('meridian.local'),
      role: 'ADMIN',
      adminRole: 'ADMIN',
    });
    const token = (await server.login(admin.email)).accessToken;
    const pending = await server.request('PUT', `/api/admin/users/${ownerId}`, {
      token,
      body: { accountStatus: 'PENDING' },
    });
    expect(pending.status).toBe(400);
    const deactivate = await server.request('PUT', `/api/admin/users/${ownerId}`, {
      token,
      body: { accountStatus: 'DEACTIVATED' },
    });
    expect(deactivate.status).toBe(403);
    const invite = await server.request('POST', '/api/admin/invitations', {
      token,
      body: { email: OWNER_EMAIL, adminRole: 'ADMIN' },
    });
    expect(invite.status).toBe(409);
    // The owner is untouched and still signs in with their own password.
    expect((await server.login(OWNER_EMAIL)).user).toMatchObject({ accountStatus: 'ACTIVE' });
  });
});

describe('impersonation by a customer admin', () => {
  it('cannot reopen an activated colleague through PENDING and an invitation', async () => {
    const admin = await server.createUser({
      organizationId: customerOrg,
      email: email('acme.example'),
      adminRole: 'ADMIN',
    });
    const colleague = await server.createUser({
      organizationId: customerOrg,
      email: email('acme.example'),
    });
    const token = (await server.login(admin.email)).accessToken;
    const pending = await server.request('PUT', `/api/admin/users/${colleague.id}`, {
      token,
      body: { accountStatus: 'PENDING' },
    });
    expect(pending.status).toBe(400);
    const invite = await server.request('POST', '/api/admin/invitations', {
      token,
      body: { email: colleague.email, adminRole: 'VIEWER' },
    });
    expect(invite.status).toBe(409);
  });

  it('cannot use an invitation on an account that was once active, even one left PENDING', async () => {
    // A PENDING account with a password: what the old exploit left behind.
    const reopened = await server.createUser({
      organizationId: customerOrg,
      email: email('acme.example'),
      accountStatus: 'PENDING',
    });
    const admin = await server.createUser({
      organizationId: customerOrg,
      email: email('acme.example'),
      adminRole: 'ADMIN',
    });
    const token = (await server.login(admin.email)).accessToken;
    const invite = await server.request('POST', '/api/admin/invitations', {
      token,
      body: { email: reopened.email, adminRole: 'ADMIN' },
    });
    expect(invite.status).toBe(409);
    // An invitation row made before the fix is refused at accept time too.
    const old = newOpaqueToken();
    await server.database.db.insert(invitations).values({
      organizationId: customerOrg,
      userId: reopened.id,
      email: reopened.email,
      adminRole: 'ADMIN',
      tokenHash: old.hash,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const accept = await server.request('POST', '/api/auth/invitations/accept', {
      body: {
        token: old.token,
        firstName: 'Eve',
        lastName: 'Intruder',
        password: 'eve-owns-it-now',
      },
    });
    expect(accept.status).toBe(410);
    const [after] = await server.database.db.select().from(users).where(eq(users.id, reopened.id));
    expect(after?.passwordHash).toBe(reopened.passwordHash);
  });
});

describe('the internal organization', () => {
  const put = (token: string, values: Record<string, unknown>) =>
    server.request('PUT', `/api/admin/organizations/${server.internalOrganizationId}`, {
      token,
      body: { name: 'Meridian', slug: 'meridian', status: 'ACTIVE', ...values },
    });

  it('cannot be disabled or re-slugged, but can be renamed', async () => {
    const token = (await server.login(OWNER_EMAIL)).accessToken;
    const disabled = await put(token, { status: 'DISABLED' });
    expect(disabled.status).toBe(409);
    expect(disabled.body.message).toBe('The internal organization stays active and keeps its slug');
    expect((await put(token, { slug: 'taken-over' })).status).toBe(409);
    expect((await put(token, { name: 'Meridian Operations' })).status).toBe(200);
    // Platform staff still sign in.
    expect((await server.login(OWNER_EMAIL)).accessToken).toBeTruthy();
  });
});

describe('invitation accept before any hash', () => {
  it('answers an unknown token without hashing the password', async () => {
    const before = server.hasher.started;
    for (let i = 0; i < 5; i += 1) {
      const response = await server.request('POST', '/api/auth/invitations/accept', {
        body: {
          token: `unknown-${i}`,
          firstName: 'Nobody',
          lastName: 'Here',
          password: 'a-long-enough-password',
        },
      });
      expect(response.status).toBe(404);
    }
    expect(server.hasher.started - before).toBe(0);
  });
});

describe('a generated password must be changed first', () => {
  it('flags the sign-in and refuses everything but the password change until it is done', async () => {
    const user = await server.createUser({
      organizationId: customerOrg,
      email: email('acme.example'),
      adminRole: 'ADMIN',
      passwordChangeRequired: true,
    });
    const signedIn = await server.login(user.email);
    expect(signedIn.user.passwordChangeRequired).toBe(true);
    const token = signedIn.accessToken;

    const blocked = await server.request('GET', '/api/admin/users', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe('Choose a new password before you continue');
    expect((await server.request('POST', '/api/auth/validate', { token })).status).toBe(200);

    const changed = await server.request<AuthResponse>('POST', '/api/me/password', {
      token,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-passphrase' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.user.passwordChangeRequired).toBeUndefined();
    const fresh = changed.body.accessToken;
    expect((await server.request('GET', '/api/admin/users', { token: fresh })).status).toBe(200);
  });
});

describe('the hash queue is bounded', () => {
  it('answers 503 with Retry-After beyond the queue, sign-ins work after the burst, unknown tokens cost no hash', async () => {
    const busy = await startTestServer(
      { TRUST_PROXY: '1', PASSWORD_HASH_QUEUE: '1' },
      { productionHashing: true },
    );
    try {
      const burst = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          busy.request('POST', '/api/auth/login', {
            body: { email: `nobody-${i}@acme.example`, password: 'wrong-password' },
            headers: { 'x-forwarded-for': `198.18.${i}.1` },
          }),
        ),
      );
      const refused = burst.filter((response) => response.status === 503);
      expect(refused.length).toBeGreaterThan(0);
      expect(Number(refused[0]?.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(burst.every((response) => [401, 503].includes(response.status))).toBe(true);
      expect((await busy.login(OWNER_EMAIL)).accessToken).toBeTruthy();

      // With production hashing, an unknown invitation token is answered in a fraction of
      // the time a password check takes: it never reaches the hasher.
      const median = async (run: (i: number) => Promise<unknown>) => {
        const times: number[] = [];
        for (let i = 0; i < 7; i += 1) {
          const started = performance.now();
          await run(i);
          times.push(performance.now() - started);
        }
        return times.sort((a, b) => a - b)[3] ?? 0;
      };
      const unknownToken = await median((i) =>
        busy.request('POST', '/api/auth/invitations/accept', {
          body: { token: `nope-${i}`, firstName: 'A', lastName: 'B', password: 'long-enough-pw' },
        }),
      );
      const passwordCheck = await median((i) =>
        busy.request('POST', '/api/auth/login', {
          body: { email: OWNER_EMAIL, password: 'wrong-password' },
          headers: { 'x-forwarded-for': `198.19.${i}.1` },
        }),
      );
      expect(unknownToken).toBeLessThan(passwordCheck / 2);
    } finally {
      await busy.close();
    }
  });
});

describe('safe defaults', () => {
  it('listens on loopback unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('never trusts every proxy', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,::1' }).trustProxy).toEqual(['10.0.0.0/8', '::1']);
  });
});

describe('invitations still work for people who never activated', () => {
  it('re-invites a pending person and lets them accept', async () => {
    const admin = await server.createUser({
      organizationId: customerOrg,
      email: email('acme.example'),
      adminRole: 'ADMIN',
    });
    const token = (await server.login(admin.email)).accessToken;
    const invitee = email('acme.example');
    const invite = () =>
      server.request<InvitationCreateResponse>('POST', '/api/admin/invitations', {
        token,
        body: { email: invitee, adminRole: 'VIEWER' },
      });
    expect((await invite()).status).toBe(201);
    const again = await invite();
    expect(again.status).toBe(201);
    const link = new URL(again.body.data.inviteUrl).searchParams.get('token') ?? '';
    const [row] = await server.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.tokenHash, hashToken(link)));
    expect(row?.email).toBe(invitee);
    const accepted = await server.request('POST', '/api/auth/invitations/accept', {
      body: {
        token: link,
        firstName: 'New',
        lastName: 'Person',
        password: 'a-long-enough-password',
      },
    });
    expect(accepted.status).toBe(200);
  });
});
