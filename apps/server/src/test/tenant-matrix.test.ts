import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_PLATFORM_SETTINGS,
  DEFAULT_PREFERENCES,
  DEFAULT_SECURITY_SETTINGS,
} from '@meridian/contracts';
import {
  accountRequests,
  incidents,
  invitations,
  organizationSettings,
  organizations,
  shipments,
  users,
} from '../db/schema.js';
import { OWNER_EMAIL, TEST_PASSWORD, type TestServer, startTestServer } from './test-server.js';

/**
 * Every registered route × every kind of caller, with the status each must get. Cross-
 * organization attempts must also leave organization A's data exactly as it was.
 */
const ACTORS = [
  'anonymous',
  'aViewer',
  'aManager',
  'aAdmin',
  'bViewer',
  'bManager',
  'bAdmin',
  'platformAdmin',
  'platformAdminActingAsA',
  'internalMember',
] as const;
type ActorName = (typeof ACTORS)[number];
type Expectations = Record<ActorName, number>;

const everyone = (status: number): Expectations =>
  Object.fromEntries(ACTORS.map((actor) => [actor, status])) as Expectations;
const signedIn = (status: number): Expectations => ({ ...everyone(status), anonymous: 401 });
/** Reading something that belongs to organization A. */
const readA = (ok: number): Expectations => ({
  ...signedIn(404),
  aViewer: ok,
  aManager: ok,
  aAdmin: ok,
  platformAdminActingAsA: ok,
});
/** Changing something of organization A: its ADMINs (and platform admins acting as A) only. */
const adminA = (ok: number): Expectations => ({ ...readA(ok), aViewer: 403, aManager: 403 });
const platformOnly = (ok: number): Expectations => ({
  ...signedIn(403),
  platformAdmin: ok,
  platformAdminActingAsA: ok,
});
/** Settings of the caller's active organization: its ADMINs and platform admins change them. */
const organizationAdmins = (ok: number): Expectations => ({
  ...signedIn(403),
  aAdmin: ok,
  bAdmin: ok,
  platformAdmin: ok,
  platformAdminActingAsA: ok,
});

type Request = { path: string; body?: unknown };
type Case = { expect: Expectations; request: (actor: ActorName) => Promise<Request> | Request };

let server: TestServer;
let orgA: string;
let orgB: string;
let incidentA: string;
const tokens = new Map<ActorName, string>();

const uniqueEmail = (prefix: string, domain = 'acme.example') =>
  `${prefix}-${randomUUID().slice(0, 8)}@${domain}`;
const newAccountRequest = async () => {
  const [row] = await server.database.db
    .insert(accountRequests)
    .values({
      email: uniqueEmail('requester', 'newco.example'),
      address1: '1 Main St',
      city: 'Lyon',
      state: 'ARA',
      postalCode: '69001',
      country: 'France',
    })
    .returning();
  return row?.id ?? '';
};
const newTargetInA = async () =>
  (await server.createUser({ organizationId: orgA, email: uniqueEmail('target') })).id;

const CASES: Record<string, Case> = {
  'GET /api/health': { expect: everyone(200), request: () => ({ path: '/api/health' }) },
  'GET /api/config': { expect: everyone(200), request: () => ({ path: '/api/config' }) },
  'GET /api/openapi.json': {
    expect: everyone(200),
    request: () => ({ path: '/api/openapi.json' }),
  },
  'GET /api/docs': { expect: everyone(200), request: () => ({ path: '/api/docs/' }) },
  'GET /api/docs/json': { expect: everyone(200), request: () => ({ path: '/api/docs/json' }) },
  'GET /api/docs/yaml': { expect: everyone(200), request: () => ({ path: '/api/docs/yaml' }) },
  'GET /api/docs/static/index.html': {
    expect: everyone(200),
    request: () => ({ path: '/api/docs/static/index.html' }),
  },
  'GET /api/docs/static/swagger-initializer.js': {
    expect: everyone(200),
    request: () => ({ path: '/api/docs/static/swagger-initializer.js' }),
  },
  'GET /api/docs/static/*': {
    expect: everyone(200),
    request: () => ({ path: '/api/docs/static/swagger-ui.css' }),
  },
  'POST /api/auth/login': {
    expect: everyone(401),
    request: () => ({
      path: '/api/auth/login',
      body: { email: 'aadmin@acme.example', password: 'wrong-password' },
    }),
  },
  // Not configured on this server: a well-formed exchange is refused the same way for anyone.
  'POST /api/auth/google': {
    expect: everyone(400),
    request: () => ({
      path: '/api/auth/google',
      body: {
        code: 'forged',
        state: 'forged',
        redirectUri: 'http://127.0.0.1/auth/google/callback',
        nonce: 'forged-nonce-value',
      },
    }),
  },
  'POST /api/auth/validate': {
    expect: signedIn(200),
    request: () => ({ path: '/api/auth/validate' }),
  },
  'POST /api/auth/refresh': {
    expect: everyone(401),
    request: () => ({ path: '/api/auth/refresh', body: { refreshToken: 'forged' } }),
  },
  'POST /api/auth/logout': {
    expect: signedIn(200),
    request: () => ({ path: '/api/auth/logout', body: {} }),
  },
  // Public and rate-limited: an invalid body shows it is reachable without a 401, for anyone.
  'POST /api/account-requests': {
    expect: everyone(400),
    request: () => ({ path: '/api/account-requests', body: {} }),
  },
  'POST /api/auth/invitations/lookup': {
    expect: everyone(404),
    request: () => ({ path: '/api/auth/invitations/lookup', body: { token: 'forged' } }),
  },
  'POST /api/auth/invitations/accept': {
    expect: everyone(404),
    request: () => ({
      path: '/api/auth/invitations/accept',
      body: {
        token: 'forged',
        firstName: 'Eve',
        lastName: 'Intruder',
        password: 'long-enough-password',
      },
    }),
  },
  'POST /api/admin/invitations': {
    // B's admins invite into B and a platform admin without act-as into the internal organization: theirs to do.
    expect: {
      ...adminA(201),
      bAdmin: 201,
      bViewer: 403,
      bManager: 403,
      platformAdmin: 201,
      internalMember: 403,
    },
    request: () => ({
      path: '/api/admin/invitations',
      body: { email: uniqueEmail('invitee'), adminRole: 'VIEWER' },
    }),
  },
  'GET /api/admin/users': {
    expect: signedIn(200),
    request: () => ({ path: '/api/admin/users?limit=50' }),
  },
  'GET /api/admin/users/:id': {
    expect: readA(200),
    request: async () => ({ path: `/api/admin/users/${await newTargetInA()}` }),
  },
  'PUT /api/admin/users/:id': {
    expect: adminA(200),
    request: async () => ({
      path: `/api/admin/users/${await newTargetInA()}`,
      body: { adminRole: 'MANAGER' },
    }),
  },
  'DELETE /api/admin/users/:id': {
    expect: adminA(200),
    request: async () => ({ path: `/api/admin/users/${await newTargetInA()}` }),
  },
  'GET /api/admin/organizations': {
    expect: signedIn(200),
    request: () => ({ path: '/api/admin/organizations' }),
  },
  'GET /api/admin/organizations/:id': {
    expect: { ...readA(200), platformAdmin: 200 },
    request: () => ({ path: `/api/admin/organizations/${orgA}` }),
  },
  'POST /api/admin/organizations': {
    expect: platformOnly(201),
    request: () => {
      const slug = `org-${randomUUID().slice(0, 8)}`;
      return { path: '/api/admin/organizations', body: { name: slug, slug, status: 'ACTIVE' } };
    },
  },
  'PUT /api/admin/organizations/:id': {
    expect: platformOnly(200),
    request: () => ({
      path: `/api/admin/organizations/${orgA}`,
      body: { name: 'Acme Freight', slug: 'acme-freight', status: 'ACTIVE' },
    }),
  },
  'DELETE /api/admin/organizations/:id': {
    expect: platformOnly(200),
    request: async () => ({
      path: `/api/admin/organizations/${(await server.createOrganization(`Doomed ${randomUUID()}`)).id}`,
    }),
  },
  'GET /api/atlas/shipments': {
    expect: signedIn(200),
    request: () => ({ path: '/api/atlas/shipments?scope=ORG' }),
  },
  'GET /api/atlas/events': {
    expect: signedIn(200),
    request: () => ({ path: '/api/atlas/events?scope=GLOBAL' }),
  },
  'GET /api/me/profile': { expect: signedIn(200), request: () => ({ path: '/api/me/profile' }) },
  'PUT /api/me/profile': {
    expect: signedIn(200),
    request: () => ({ path: '/api/me/profile', body: { firstName: 'Same', lastName: 'Person' } }),
  },
  'GET /api/me/preferences': {
    expect: signedIn(200),
    request: () => ({ path: '/api/me/preferences' }),
  },
  'PUT /api/me/preferences': {
    expect: signedIn(200),
    request: () => ({ path: '/api/me/preferences', body: DEFAULT_PREFERENCES }),
  },
  'GET /api/me/notifications': {
    expect: signedIn(200),
    request: () => ({ path: '/api/me/notifications' }),
  },
  'PUT /api/me/notifications': {
    expect: signedIn(200),
    request: () => ({ path: '/api/me/notifications', body: DEFAULT_NOTIFICATION_SETTINGS }),
  },
  // A wrong current password: reachable by every signed-in user, and nobody's password changes.
  'POST /api/me/password': {
    expect: signedIn(400),
    request: () => ({
      path: '/api/me/password',
      body: { currentPassword: 'wrong-password', newPassword: 'some-new-password' },
    }),
  },
  'GET /api/me/sessions': { expect: signedIn(200), request: () => ({ path: '/api/me/sessions' }) },
  'DELETE /api/me/sessions/:id': {
    expect: signedIn(404),
    request: () => ({ path: `/api/me/sessions/${randomUUID()}` }),
  },
  'GET /api/admin/settings/security': {
    expect: signedIn(200),
    request: () => ({ path: '/api/admin/settings/security' }),
  },
  'PUT /api/admin/settings/security': {
    expect: organizationAdmins(200),
    request: () => ({ path: '/api/admin/settings/security', body: DEFAULT_SECURITY_SETTINGS }),
  },
  'GET /api/admin/settings/platform': {
    expect: signedIn(200),
    request: () => ({ path: '/api/admin/settings/platform' }),
  },
  'PUT /api/admin/settings/platform': {
    expect: organizationAdmins(200),
    request: () => ({ path: '/api/admin/settings/platform', body: DEFAULT_PLATFORM_SETTINGS }),
  },
  'GET /api/admin/account-requests': {
    expect: platformOnly(200),
    request: () => ({ path: '/api/admin/account-requests' }),
  },
  'POST /api/admin/account-requests/:id/approve': {
    expect: platformOnly(201),
    request: async () => {
      const slug = `req-${randomUUID().slice(0, 8)}`;
      return {
        path: `/api/admin/account-requests/${await newAccountRequest()}/approve`,
        body: { name: slug, slug },
      };
    },
  },
  'POST /api/admin/account-requests/:id/dismiss': {
    expect: platformOnly(200),
    request: async () => ({
      path: `/api/admin/account-requests/${await newAccountRequest()}/dismiss`,
    }),
  },
  'GET /api/geocode': {
    expect: signedIn(200),
    request: () => ({ path: '/api/geocode?address=Rotterdam%2C%20Netherlands' }),
  },
  'GET /api/atlas/events/:id': {
    expect: readA(200),
    request: () => ({ path: `/api/atlas/events/${incidentA}` }),
  },
};

/** Organization A's data as another organization must never be able to change it. */
async function snapshotOfA(): Promise<unknown> {
  const { db } = server.database;
  return {
    organization: await db.select().from(organizations).where(eq(organizations.id, orgA)),
    users: (await db.select().from(users).where(eq(users.organizationId, orgA)))
      .map(({ lastLoginAt: _l, tokenVersion: _t, updatedAt: _u, ...rest }) => rest)
      .sort((x, y) => x.id.localeCompare(y.id)),
    incidents: await db.select().from(incidents).where(eq(incidents.organizationId, orgA)),
    shipments: await db.select().from(shipments).where(eq(shipments.organizationId, orgA)),
    invitations: await db.select().from(invitations).where(eq(invitations.organizationId, orgA)),
    settings: await db
      .select()
      .from(organizationSettings)
      .where(eq(organizationSettings.organizationId, orgA)),
  };
}

beforeAll(async () => {
  // Each caller signs in from its own address, as real clients do, so login throttling counts them apart.
  server = await startTestServer({ TRUST_PROXY: '1' });
  orgA = (await server.createOrganization('Acme Freight')).id;
  orgB = (await server.createOrganization('Globex Shipping')).id;
  for (const [org, prefix, domain] of [
    [orgA, 'a', 'acme.example'],
    [orgB, 'b', 'globex.example'],
  ] as const) {
    for (const adminRole of ['VIEWER', 'MANAGER', 'ADMIN'] as const) {
      await server.createUser({
        organizationId: org,
        email: `${prefix}${adminRole.toLowerCase()}@${domain}`,
        adminRole,
      });
    }
  }
  await server.createUser({
    organizationId: server.internalOrganizationId,
    email: 'member@meridian.local',
    role: 'MEMBER',
  });
  const [incident] = await server.database.db
    .insert(incidents)
    .values({
      organizationId: orgA,
      title: 'A only',
      severity: 'HIGH',
      status: 'OPEN',
      lat: 1,
      lng: 1,
    })
    .returning();
  incidentA = incident?.id ?? '';
  await server.database.db.insert(shipments).values({
    id: 'SHP-A',
    organizationId: orgA,
    reference: 'PO-A',
    origin: 'Shanghai',
    destination: 'Rotterdam',
    mode: 'SEA',
    lat: 1,
    lng: 1,
  });
});
afterAll(() => server.close());

const emailOf: Record<Exclude<ActorName, 'anonymous'>, string> = {
  aViewer: 'aviewer@acme.example',
  aManager: 'amanager@acme.example',
  aAdmin: 'aadmin@acme.example',
  bViewer: 'bviewer@globex.example',
  bManager: 'bmanager@globex.example',
  bAdmin: 'badmin@globex.example',
  platformAdmin: OWNER_EMAIL,
  platformAdminActingAsA: OWNER_EMAIL,
  internalMember: 'member@meridian.local',
};

/** A session per caller, renewed when a route (logout) ended it. */
async function headersFor(actor: ActorName): Promise<Record<string, string>> {
  const clientAddress = { 'x-forwarded-for': `10.1.0.${ACTORS.indexOf(actor) + 1}` };
  if (actor === 'anonymous') return clientAddress;
  let token = tokens.get(actor);
  if (!token || (await server.request('POST', '/api/auth/validate', { token })).status !== 200) {
    const login = await server.request<{ accessToken: string }>('POST', '/api/auth/login', {
      body: { email: emailOf[actor], password: TEST_PASSWORD },
      headers: clientAddress,
    });
    token = login.body.accessToken;
    tokens.set(actor, token);
  }
  return {
    ...clientAddress,
    authorization: `Bearer ${token}`,
    ...(actor === 'platformAdminActingAsA' ? { 'x-act-as-organization': orgA } : {}),
  };
}

describe('tenant and role matrix', () => {
  it('covers every registered route', () => {
    const registered = server.app.registeredRoutes
      .filter((route) => route.method !== 'OPTIONS')
      .map((route) => `${route.method} ${route.url}`);
    expect(registered.filter((route) => !(route in CASES))).toEqual([]);
    expect(Object.keys(CASES).filter((route) => !registered.includes(route))).toEqual([]);
  });

  for (const [route, spec] of Object.entries(CASES)) {
    const method = route.split(' ')[0] ?? 'GET';
    it(route, async () => {
      const outcomes: Record<string, number> = {};
      for (const actor of ACTORS) {
        const request = await spec.request(actor);
        const before = await snapshotOfA();
        const response = await server.request(method, request.path, {
          headers: await headersFor(actor),
          ...(request.body !== undefined ? { body: request.body } : {}),
        });
        outcomes[actor] = response.status;
        const outsider = ![
          'aViewer',
          'aManager',
          'aAdmin',
          'platformAdmin',
          'platformAdminActingAsA',
        ].includes(actor);
        if (
          outsider &&
          method !== 'GET' &&
          !route.includes('/invitations') &&
          route !== 'POST /api/admin/organizations'
        ) {
          expect(await snapshotOfA(), `${actor} changed organization A through ${route}`).toEqual(
            before,
          );
        }
      }
      expect(outcomes).toEqual(spec.expect);
    });
  }
});
