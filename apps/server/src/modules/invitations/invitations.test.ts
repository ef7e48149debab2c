import type {
  AuthResponse,
  InvitationCreateResponse,
  InvitationLookupResponse,
} from '@meridian/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, organizations, users } from '../../db/schema.js';
import { OWNER_EMAIL, type TestServer, startTestServer } from '../../test/test-server.js';

let server: TestServer;
let acmeId: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://meridian.example' });
  acmeId = (await server.createOrganization('Acme Freight')).id;
  await server.createUser({
    organizationId: acmeId,
    email: 'admin@acme.example',
    adminRole: 'ADMIN',
  });
  await server.createUser({
    organizationId: acmeId,
    email: 'manager@acme.example',
    adminRole: 'MANAGER',
  });
  tokens.admin = (await server.login('admin@acme.example')).accessToken;
  tokens.manager = (await server.login('manager@acme.example')).accessToken;
  tokens.owner = (await server.login(OWNER_EMAIL)).accessToken;
});
afterAll(() => server.close());

const invite = (email: string, adminRole = 'VIEWER', token = tokens.admin) =>
  server.request<InvitationCreateResponse>('POST', '/api/admin/invitations', {
    token,
    body: { email, adminRole },
  });
const tokenOf = (inviteUrl: string) => new URL(inviteUrl).searchParams.get('token') ?? '';
const accept = (token: string, password = 'a-long-enough-password') =>
  server.request<AuthResponse>('POST', '/api/auth/invitations/accept', {
    body: { token, firstName: 'Nina', lastName: 'Novak', password },
  });

describe('invitations', () => {
  it('invite → lookup → accept → the new user is signed in and can log in again', async () => {
    const created = await invite('Nina@Acme.example', 'MANAGER');
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Invitation sent');
    expect(created.body.data.invitation).toMatchObject({
      email: 'nina@acme.example',
      adminRole: 'MANAGER',
    });
    expect(Date.parse(created.body.data.invitation.expiresAt) - Date.now()).toBeGreaterThan(
      6.9 * 24 * 3600 * 1000,
    );
    expect(created.body.data.inviteUrl).toMatch(
      /^https:\/\/meridian\.example\/accept-invite\?token=[\w-]+$/,
    );

    const token = tokenOf(created.body.data.inviteUrl);
    const lookup = await server.request<InvitationLookupResponse>(
      'POST',
      '/api/auth/invitations/lookup',
      { body: { token } },
    );
    expect(lookup.body.data).toMatchObject({
      email: 'nina@acme.example',
      adminRole: 'MANAGER',
      organizationName: 'Acme Freight',
    });

    const pendingLogin = await server.request('POST', '/api/auth/login', {
      body: { email: 'nina@acme.example', password: 'a-long-enough-password' },
    });
    expect(pendingLogin.status).toBe(401);

    const accepted = await accept(token);
    expect(accepted.status).toBe(200);
    expect(accepted.body.user).toMatchObject({
      email: 'nina@acme.example',
      firstName: 'Nina',
      lastName: 'Novak',
      adminRole: 'MANAGER',
      role: 'MEMBER',
      accountStatus: 'ACTIVE',
      organizationId: acmeId,
    });
    expect(
      (await server.request('POST', '/api/auth/validate', { token: accepted.body.accessToken }))
        .status,
    ).toBe(200);
    expect((await server.login('nina@acme.example', 'a-long-enough-password')).user.id).toBe(
      accepted.body.user.id,
    );

    // Stored hashed, never in clear.
    const [row] = await server.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, 'nina@acme.example'));
    expect(row?.tokenHash).not.toBe(token);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is single use: a second accept answers 410', async () => {
    const created = await invite('once@acme.example');
    const token = tokenOf(created.body.data.inviteUrl);
    expect((await accept(token)).status).toBe(200);
    const again = await accept(token);
    expect(again).toMatchObject({
      status: 410,
      body: { message: 'This invitation has already been used' },
    });
  });

  it('says clearly when a link has expired, or is unknown', async () => {
    const created = await invite('late@acme.example');
    await server.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, 'late@acme.example'));
    const expired = await accept(tokenOf(created.body.data.inviteUrl));
    expect(expired).toMatchObject({
      status: 410,
      body: { message: 'This invitation has expired. Ask your administrator for a new one.' },
    });
    const unknown = await accept('no-such-token');
    expect(unknown).toMatchObject({
      status: 404,
      body: { message: 'This invitation link is not valid' },
    });
  });

  it('sending again to a pending person retires the older link', async () => {
    const first = await invite('twice@acme.example');
    const second = await invite('twice@acme.example', 'ADMIN');
    expect(second.status).toBe(201);
    expect((await accept(tokenOf(first.body.data.inviteUrl))).status).toBe(410);
    const accepted = await accept(tokenOf(second.body.data.inviteUrl));
    expect(accepted.body.user.adminRole).toBe('ADMIN');
  });

  it('refuses an e-mail that already has an account (409)', async () => {
    const response = await invite('manager@acme.example');
    expect(response).toMatchObject({
      status: 409,
      body: { message: 'A user with this email already exists' },
    });
  });

  it('is for admins of the organization only', async () => {
    expect((await invite('x@acme.example', 'VIEWER', tokens.manager)).status).toBe(403);
    expect(
      (
        await server.request('POST', '/api/admin/invitations', {
          body: { email: 'x@acme.example' },
        })
      ).status,
    ).toBe(401);
  });

  it('keeps internal-domain addresses in the internal organization', async () => {
    const response = await invite('spy@meridian.local');
    expect(response).toMatchObject({
      status: 400,
      body: { message: 'Addresses at the internal domain can only join the internal organization' },
    });
  });

  it('lets a platform admin invite into the organization it acts as, at the request origin without PUBLIC_URL', async () => {
    const response = await server.request<InvitationCreateResponse>(
      'POST',
      '/api/admin/invitations',
      {
        token: tokens.owner,
        headers: { 'x-act-as-organization': acmeId },
        body: { email: 'acted@acme.example' },
      },
    );
    expect(response.status).toBe(201);
    expect(response.body.data.invitation.adminRole).toBe('VIEWER');
    const accepted = await accept(tokenOf(response.body.data.inviteUrl));
    expect(accepted.body.user.organizationId).toBe(acmeId);
  });

  it('validates the accept body: short password, missing names', async () => {
    const created = await invite('weak@acme.example');
    const weak = await accept(tokenOf(created.body.data.inviteUrl), 'short');
    expect(weak).toMatchObject({
      status: 400,
      body: { message: 'password: password must be at least 8 characters' },
    });
    const noName = await server.request('POST', '/api/auth/invitations/accept', {
      body: { token: 'x', password: 'long-enough-pass' },
    });
    expect(noName.status).toBe(400);
    const common = await accept(tokenOf(created.body.data.inviteUrl), 'qwerty123');
    expect(common).toMatchObject({
      status: 400,
      body: { message: 'password: This password is too common. Choose a less predictable one.' },
    });
    // Long passphrases are accepted whole, never truncated: only the full one signs in.
    const long = `${'long-passphrase-'.repeat(7)}end`;
    expect((await accept(tokenOf(created.body.data.inviteUrl), long)).status).toBe(200);
    expect(
      (
        await server.request('POST', '/api/auth/login', {
          body: { email: 'weak@acme.example', password: long.slice(0, 72) },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await server.request('POST', '/api/auth/login', {
          body: { email: 'weak@acme.example', password: long },
        })
      ).status,
    ).toBe(200);
    expect(noName.body.message).toMatch(/^firstName: /);
  });

  describe('a domain belongs to its organization', () => {
    let rivalToken: string;
    let rivalId: string;
    beforeAll(async () => {
      await server.database.db
        .update(organizations)
        .set({ domain: 'Acme.example' })
        .where(eq(organizations.id, acmeId));
      rivalId = (await server.createOrganization('Rival Ltd')).id;
      await server.createUser({
        organizationId: rivalId,
        email: 'admin@rival.example',
        adminRole: 'ADMIN',
      });
      rivalToken = (await server.login('admin@rival.example')).accessToken;
    });

    const refused = {
      status: 409,
      body: { message: 'This address cannot be invited to this organization' },
    };

    it("refuses another organization's domain alike whether or not the address exists", async () => {
      expect(await invite('nobody-yet@acme.example', 'VIEWER', rivalToken)).toMatchObject(refused);
      expect(await invite('manager@ACME.example', 'ADMIN', rivalToken)).toMatchObject(refused);
      const [stray] = await server.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, 'nobody-yet@acme.example'));
      expect(stray).toBeUndefined();
    });

    it("never names another organization's user, at any domain", async () => {
      await server.createUser({ organizationId: acmeId, email: 'ana@mail.example' });
      expect(await invite('ana@mail.example', 'VIEWER', rivalToken)).toMatchObject(refused);
      // The same address from its own organization is the plain conflict it always was.
      expect((await invite('ana@mail.example')).status).toBe(409);
    });

    it('gives the domain back to its organization: a squatted pending user is reclaimed', async () => {
      // As left by the hole: another organization invited an address at Acme's domain.
      const squatted = await server.createUser({
        organizationId: rivalId,
        email: 'cfo@acme.example',
        accountStatus: 'PENDING',
        password: false,
        lastLoginAt: null,
      });
      const old = await server.database.db
        .insert(invitations)
        .values({
          organizationId: rivalId,
          userId: squatted.id,
          email: squatted.email,
          adminRole: 'VIEWER',
          tokenHash: 'squatter',
          expiresAt: new Date(Date.now() + 3_600_000),
        })
        .returning();
      const reclaimed = await invite('cfo@acme.example', 'MANAGER');
      expect(reclaimed.status).toBe(201);
      const accepted = await accept(tokenOf(reclaimed.body.data.inviteUrl));
      expect(accepted.body.user).toMatchObject({ organizationId: acmeId, adminRole: 'MANAGER' });
      const [retired] = await server.database.db
        .select({ expiresAt: invitations.expiresAt })
        .from(invitations)
        .where(eq(invitations.id, old[0]!.id));
      expect(retired!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    });

    it('lets one organization only register a domain', async () => {
      const body = {
        name: 'Copycat',
        slug: 'copycat',
        status: 'ACTIVE',
        domain: 'acme.EXAMPLE',
      };
      const created = await server.request('POST', '/api/admin/organizations', {
        token: tokens.owner,
        body,
      });
      expect(created).toMatchObject({
        status: 409,
        body: { message: 'This domain is already registered by another organization' },
      });
      const moved = await server.request('PUT', `/api/admin/organizations/${rivalId}`, {
        token: tokens.owner,
        body: { ...body, name: 'Rival Ltd', slug: 'rival-ltd' },
      });
      expect(moved.status).toBe(409);
      const kept = await server.request('PUT', `/api/admin/organizations/${acmeId}`, {
        token: tokens.owner,
        body: { ...body, name: 'Acme Freight', slug: 'acme-freight' },
      });
      expect(kept.status).toBe(200);
    });
  });
});
