import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { AdminRole, PlatformRole, UserUpdate } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { OWNER_EMAIL, type TestServer, startTestServer } from '../../test/test-server.js';

/**
 * Who may change or delete whom, over real HTTP: every actor × every target × every kind of
 * change, against a table written out by hand (not computed by the rule under test).
 */
type Target = { role: PlatformRole; adminRole: AdminRole; internal: boolean };
const TARGETS = {
  owner: { role: 'OWNER', adminRole: 'ADMIN', internal: true },
  platformAdmin: { role: 'ADMIN', adminRole: 'ADMIN', internal: true },
  internalMember: { role: 'MEMBER', adminRole: 'VIEWER', internal: true },
  customerAdmin: { role: 'MEMBER', adminRole: 'ADMIN', internal: false },
  customerManager: { role: 'MEMBER', adminRole: 'MANAGER', internal: false },
  customerViewer: { role: 'MEMBER', adminRole: 'VIEWER', internal: false },
  customerGuest: { role: 'GUEST', adminRole: 'VIEWER', internal: false },
  // A platform role given to a customer before only staff could hold one: it ranks as MEMBER.
  customerWithPlatformRole: { role: 'ADMIN', adminRole: 'VIEWER', internal: false },
} as const satisfies Record<string, Target>;
type TargetName = keyof typeof TARGETS;

const ACTORS = [
  'owner',
  'platformAdmin',
  'internalOrgAdmin',
  'customerAdmin',
  'customerManager',
  'customerViewer',
] as const;
type ActorName = (typeof ACTORS)[number];

// 200 allowed; 403 outranked or not an admin; 404 another organization's user (not revealed).
const EXPECTED: Record<ActorName, Record<TargetName, number>> = {
  owner: {
    owner: 200,
    platformAdmin: 200,
    internalMember: 200,
    customerAdmin: 200,
    customerManager: 200,
    customerViewer: 200,
    customerGuest: 200,
    customerWithPlatformRole: 200,
  },
  platformAdmin: {
    owner: 403,
    platformAdmin: 403,
    internalMember: 200,
    customerAdmin: 200,
    customerManager: 200,
    customerViewer: 200,
    customerGuest: 200,
    customerWithPlatformRole: 200,
  },
  // ADMIN of the internal organization with platform role MEMBER: no platform powers.
  internalOrgAdmin: {
    owner: 403,
    platformAdmin: 403,
    internalMember: 200,
    customerAdmin: 404,
    customerManager: 404,
    customerViewer: 404,
    customerGuest: 404,
    customerWithPlatformRole: 404,
  },
  customerAdmin: {
    owner: 404,
    platformAdmin: 404,
    internalMember: 404,
    customerAdmin: 200,
    customerManager: 200,
    customerViewer: 200,
    customerGuest: 200,
    customerWithPlatformRole: 200,
  },
  customerManager: {
    owner: 404,
    platformAdmin: 404,
    internalMember: 404,
    customerAdmin: 403,
    customerManager: 403,
    customerViewer: 403,
    customerGuest: 403,
    customerWithPlatformRole: 403,
  },
  customerViewer: {
    owner: 404,
    platformAdmin: 404,
    internalMember: 404,
    customerAdmin: 403,
    customerManager: 403,
    customerViewer: 403,
    customerGuest: 403,
    customerWithPlatformRole: 403,
  },
};

/** The role change each target may legally undergo: only who asks decides the outcome. */
const ROLE_CHANGE: Record<TargetName, PlatformRole> = {
  owner: 'ADMIN',
  platformAdmin: 'MEMBER',
  internalMember: 'GUEST',
  customerAdmin: 'GUEST',
  customerManager: 'GUEST',
  customerViewer: 'GUEST',
  customerGuest: 'MEMBER',
  customerWithPlatformRole: 'MEMBER',
};
const CHANGES = {
  deactivate: (): UserUpdate => ({ accountStatus: 'DEACTIVATED' }),
  adminRole: (target: Target): UserUpdate => ({
    adminRole: target.adminRole === 'VIEWER' ? 'MANAGER' : 'VIEWER',
  }),
  role: (_target: Target, name: TargetName): UserUpdate => ({ role: ROLE_CHANGE[name] }),
  delete: () => null,
} as const;

let server: TestServer;
let customerOrg: string;
const tokens = new Map<ActorName, string>();

const newUser = (
  organizationId: string,
  role: PlatformRole,
  adminRole: AdminRole,
  domain: string,
) =>
  server.createUser({
    organizationId,
    email: `u-${randomUUID().slice(0, 8)}@${domain}`,
    role,
    adminRole,
  });

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
  customerOrg = (await server.createOrganization('Acme Freight')).id;
  const internal = server.internalOrganizationId;
  const actorRows: Record<
    Exclude<ActorName, 'owner'>,
    [string, PlatformRole, AdminRole, string]
  > = {
    platformAdmin: [internal, 'ADMIN', 'ADMIN', 'meridian.local'],
    internalOrgAdmin: [internal, 'MEMBER', 'ADMIN', 'meridian.local'],
    customerAdmin: [customerOrg, 'MEMBER', 'ADMIN', 'acme.example'],
    customerManager: [customerOrg, 'MEMBER', 'MANAGER', 'acme.example'],
    customerViewer: [customerOrg, 'MEMBER', 'VIEWER', 'acme.example'],
  };
  tokens.set('owner', (await server.login(OWNER_EMAIL)).accessToken);
  for (const [name, [org, role, adminRole, domain]] of Object.entries(actorRows)) {
    const user = await newUser(org, role, adminRole, domain);
    tokens.set(name as ActorName, (await server.login(user.email)).accessToken);
  }
});
afterAll(() => server.close());

async function attempt(actor: ActorName, targetName: TargetName, change: keyof typeof CHANGES) {
  const target = TARGETS[targetName];
  const row = await newUser(
    target.internal ? server.internalOrganizationId : customerOrg,
    target.role,
    target.adminRole,
    target.internal ? 'meridian.local' : 'acme.example',
  );
  const body = CHANGES[change](target, targetName);
  // Platform staff reach a customer's users by acting as the customer, as the screens do.
  const actAs: Record<string, string> =
    !target.internal && (actor === 'owner' || actor === 'platformAdmin')
      ? { 'x-act-as-organization': customerOrg }
      : {};
  const response = await server.request(body ? 'PUT' : 'DELETE', `/api/admin/users/${row.id}`, {
    token: tokens.get(actor) ?? '',
    headers: actAs,
    ...(body ? { body } : {}),
  });
  const [after] = await server.database.db.select().from(users).where(eq(users.id, row.id));
  return { status: response.status, unchanged: JSON.stringify(after) === JSON.stringify(row) };
}

describe('rank rules: who may change or delete whom', () => {
  for (const change of Object.keys(CHANGES) as (keyof typeof CHANGES)[]) {
    it(`${change}: every actor × every target`, async () => {
      const outcomes: Record<string, Record<string, number>> = {};
      for (const actor of ACTORS) {
        outcomes[actor] = {};
        for (const target of Object.keys(TARGETS) as TargetName[]) {
          const { status, unchanged } = await attempt(actor, target, change);
          outcomes[actor][target] = status;
          if (status !== 200) expect(unchanged, `${actor} → ${target} (${change})`).toBe(true);
        }
      }
      expect(outcomes).toEqual(EXPECTED);
    });
  }

  it('keeps escalation to those who hold the role: no self-made owners or platform admins', async () => {
    const member = await newUser(customerOrg, 'MEMBER', 'VIEWER', 'acme.example');
    const staff = await newUser(
      server.internalOrganizationId,
      'MEMBER',
      'VIEWER',
      'meridian.local',
    );
    const asCustomer = { 'x-act-as-organization': customerOrg };
    const put = (actor: ActorName, id: string, body: UserUpdate, headers = {}) =>
      server.request('PUT', `/api/admin/users/${id}`, {
        token: tokens.get(actor) ?? '',
        body,
        headers,
      });
    expect((await put('customerAdmin', member.id, { role: 'ADMIN' })).status).toBe(403);
    expect((await put('customerAdmin', member.id, { role: 'OWNER' })).status).toBe(403);
    expect((await put('platformAdmin', staff.id, { role: 'OWNER' })).status).toBe(403);
    expect((await put('internalOrgAdmin', staff.id, { role: 'ADMIN' })).status).toBe(403);
    expect((await put('platformAdmin', member.id, { role: 'OWNER' }, asCustomer)).status).toBe(403);
    // Platform roles above MEMBER are for staff: not even the owner gives one to a customer.
    for (const actor of ['owner', 'platformAdmin'] as const) {
      for (const role of ['ADMIN', 'OWNER'] as const) {
        expect(await put(actor, member.id, { role }, asCustomer)).toMatchObject({
          status: 403,
          body: {
            message: 'Platform roles above MEMBER are only for Meridian staff (internal addresses)',
          },
        });
      }
    }
    expect((await put('owner', staff.id, { role: 'ADMIN' })).status).toBe(200);
  });

  it('refuses PENDING as a status an admin sets, and activation without the invitation', async () => {
    const colleague = await newUser(customerOrg, 'MEMBER', 'VIEWER', 'acme.example');
    const toPending = await server.request('PUT', `/api/admin/users/${colleague.id}`, {
      token: tokens.get('customerAdmin') ?? '',
      body: { accountStatus: 'PENDING' },
    });
    expect(toPending.status).toBe(400);
    expect(toPending.body.message).toMatch(/PENDING means invited and never activated/);

    const invited = await server.createUser({
      organizationId: customerOrg,
      email: `invited-${randomUUID().slice(0, 6)}@acme.example`,
      accountStatus: 'PENDING',
    });
    const activate = await server.request('PUT', `/api/admin/users/${invited.id}`, {
      token: tokens.get('customerAdmin') ?? '',
      body: { accountStatus: 'ACTIVE' },
    });
    expect(activate.status).toBe(409);
    expect(activate.body.message).toBe(
      'An invited user becomes active by accepting the invitation',
    );
  });
});

describe('invariants under concurrency', () => {
  it('two owners deactivating each other at once leave one active owner', async () => {
    const internal = server.internalOrganizationId;
    const [a, b] = [
      await newUser(internal, 'OWNER', 'ADMIN', 'meridian.local'),
      await newUser(internal, 'OWNER', 'ADMIN', 'meridian.local'),
    ];
    // Every other owner steps aside for this test, so a and b are the only active owners.
    const others = (
      await server.database.db.select().from(users).where(eq(users.role, 'OWNER'))
    ).filter((owner) => owner.id !== a.id && owner.id !== b.id);
    await server.database.db
      .update(users)
      .set({ role: 'ADMIN' })
      .where(
        inArray(
          users.id,
          others.map((owner) => owner.id),
        ),
      );
    try {
      const [tokenA, tokenB] = [
        (await server.login(a.email)).accessToken,
        (await server.login(b.email)).accessToken,
      ];
      const statuses = (
        await Promise.all([
          server.request('PUT', `/api/admin/users/${b.id}`, {
            token: tokenA,
            body: { accountStatus: 'DEACTIVATED' },
          }),
          server.request('PUT', `/api/admin/users/${a.id}`, {
            token: tokenB,
            body: { accountStatus: 'DEACTIVATED' },
          }),
        ])
      ).map((response) => response.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      const owners = await server.database.db.select().from(users).where(eq(users.role, 'OWNER'));
      expect(owners.filter((owner) => owner.accountStatus === 'ACTIVE')).toHaveLength(1);
    } finally {
      await server.database.db
        .update(users)
        .set({ role: 'OWNER' })
        .where(
          inArray(
            users.id,
            others.map((owner) => owner.id),
          ),
        );
    }
  });

  it('two admins demoting each other at once leave the organization one active admin', async () => {
    const org = (await server.createOrganization(`Pair ${randomUUID().slice(0, 6)}`)).id;
    const [a, b] = [
      await newUser(org, 'MEMBER', 'ADMIN', 'pair.example'),
      await newUser(org, 'MEMBER', 'ADMIN', 'pair.example'),
    ];
    const [tokenA, tokenB] = [
      (await server.login(a.email)).accessToken,
      (await server.login(b.email)).accessToken,
    ];
    const statuses = (
      await Promise.all([
        server.request('PUT', `/api/admin/users/${b.id}`, {
          token: tokenA,
          body: { adminRole: 'VIEWER' },
        }),
        server.request('PUT', `/api/admin/users/${a.id}`, {
          token: tokenB,
          body: { adminRole: 'VIEWER' },
        }),
      ])
    ).map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const admins = await server.database.db
      .select()
      .from(users)
      .where(eq(users.organizationId, org));
    expect(admins.filter((user) => user.adminRole === 'ADMIN')).toHaveLength(1);
  });
});
