import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CURRENCY_SETTINGS,
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_PLATFORM_SETTINGS,
  DEFAULT_PREFERENCES,
  DEFAULT_SECURITY_SETTINGS,
} from '@meridian/contracts';
import {
  accountRequests,
  alertEndpoints,
  deliveries,
  exposures,
  feedReports,
  incidents,
  memos,
  inboxEntries,
  planActions,
  planTemplates,
  plans,
  invitations,
  reports,
  organizationSettings,
  organizations,
  productParts,
  products,
  shipments,
  sites,
  userTwoFactor,
  users,
} from '../db/schema.js';
import { apiKeysRepository } from '../modules/api-keys/api-keys.repository.js';
import { sourcesRepository } from '../modules/feeds/sources.repository.js';
import { routeList } from './route-list.js';
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
/** Writing the caller's active organization's operational data: its MANAGERs and ADMINs. */
const organizationEditors = (ok: number): Expectations => ({
  ...signedIn(403),
  aManager: ok,
  aAdmin: ok,
  bManager: ok,
  bAdmin: ok,
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

/** Never resolves (RFC 6761): polls fail fast, and the address is not a private one. */
const UNREACHABLE_FEED = 'https://feed.meridian.invalid/feed.geojson';

/** A hazard feed of its own for each request that changes or removes one. */
async function newSource(): Promise<string> {
  const name = `Matrix feed ${randomUUID()}`;
  const row = await sourcesRepository.insert(server.database.db, {
    kind: 'USGS',
    key: name,
    name,
    url: UNREACHABLE_FEED,
    nextPollAt: new Date(Date.now() + 3_600_000),
  });
  return row.id;
}

/** A live API key of organization A for each request that revokes one. */
async function newApiKeyOfA(): Promise<string> {
  const row = await apiKeysRepository.insert(server.database.db, {
    organizationId: orgA,
    name: 'Matrix key',
    prefix: 'mrd_matrix',
    secretHash: randomUUID(),
  });
  return row.id;
}

/** An integration of organization A whose address nothing listens on (a test fails at once). */
async function newEndpointOfA(): Promise<string> {
  const [row] = await server.database.db
    .insert(alertEndpoints)
    .values({
      organizationId: orgA,
      kind: 'WEBHOOK',
      name: 'Matrix hook',
      url: 'http://127.0.0.1:9/hook',
      secret: 'whsec_matrix',
    })
    .returning();
  return row?.id ?? '';
}

/** A failed delivery of organization A, for each redelivery. */
async function newDeliveryOfA(): Promise<string> {
  const endpointId = await newEndpointOfA();
  const [row] = await server.database.db
    .insert(deliveries)
    .values({
      organizationId: orgA,
      endpointId,
      channel: 'WEBHOOK',
      recipient: endpointId,
      idempotencyKey: randomUUID(),
      title: 'Matrix delivery',
      status: 'GAVE_UP',
    })
    .returning();
  return row?.id ?? '';
}

/** A sent notification of A's viewer: only they may mark it read. */
async function newNotificationOfAViewer(): Promise<string> {
  const [viewer] = await server.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'aviewer@acme.example'));
  const [row] = await server.database.db
    .insert(inboxEntries)
    .values({
      organizationId: orgA,
      userId: viewer?.id ?? '',
      kind: 'INCIDENT_CREATED',
      severity: 'HIGH',
      title: 'Matrix notification',
      lines: [],
    })
    .returning();
  return row?.id ?? '';
}

/** A plan of organization A on its incident, with one action assigned to A's viewer. */
async function newPlanOfA(): Promise<{ planId: string; actionId: string; updatedAt: string }> {
  const { db } = server.database;
  const [viewer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'aviewer@acme.example'));
  const [plan] = await db
    .insert(plans)
    .values({ organizationId: orgA, incidentId: incidentA, name: 'Matrix plan' })
    .returning();
  const [action] = await db
    .insert(planActions)
    .values({
      planId: plan?.id ?? '',
      organizationId: orgA,
      position: 0,
      title: 'Matrix action',
      assigneeId: viewer?.id ?? null,
    })
    .returning();
  return {
    planId: plan?.id ?? '',
    actionId: action?.id ?? '',
    updatedAt: action?.updatedAt.toISOString() ?? '',
  };
}

async function newTemplateOfA(): Promise<string> {
  const [row] = await server.database.db
    .insert(planTemplates)
    .values({
      organizationId: orgA,
      name: 'Matrix template',
      incidentTypes: [],
      actions: [
        {
          title: 'Step',
          description: null,
          ownerRole: null,
          ownerId: null,
          dueOffsetHours: 1,
          required: true,
        },
      ],
    })
    .returning();
  return row?.id ?? '';
}

/** A memo of organization A written by A's manager: A's viewer may not change it. */
async function newMemoOfA(): Promise<{ id: string; updatedAt: string }> {
  const { db } = server.database;
  const [author] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'amanager@acme.example'));
  const [row] = await db
    .insert(memos)
    .values({
      organizationId: orgA,
      incidentId: incidentA,
      body: 'Matrix memo',
      authorId: author?.id ?? null,
      editorId: author?.id ?? null,
    })
    .returning();
  return { id: row?.id ?? '', updatedAt: row?.updatedAt.toISOString() ?? '' };
}

/** A stored report of organization A (its bytes need not be a whole PDF here). */
async function newReportOfA(): Promise<string> {
  const pdf = Buffer.from('%PDF-1.4 matrix');
  const [row] = await server.database.db
    .insert(reports)
    .values({
      organizationId: orgA,
      incidentId: incidentA,
      title: 'Matrix report',
      pdf,
      bytes: pdf.length,
      pages: 1,
    })
    .returning({ id: reports.id });
  return row?.id ?? '';
}

const TEMPLATE_BODY = { name: 'Matrix', actions: [{ title: 'Step', dueOffsetHours: 2 }] };

type Request = { path: string; body?: unknown };
type Case = {
  expect: Expectations;
  request: (actor: ActorName) => Promise<Request> | Request;
  /** Text of organization A that no answer to anyone outside it may hold. */
  secretOfA?: string;
  /** The answer is a stream that does not end: only its status is read. */
  stream?: boolean;
};

let server: TestServer;
let orgA: string;
let orgB: string;
let incidentA: string;
let siteA: string;
let productA: string;
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
const newFeedIncidentInA = async () => {
  const [row] = await server.database.db
    .insert(incidents)
    .values({
      organizationId: orgA,
      title: 'Duplicate from a feed',
      severity: 'LOW',
      source: 'USGS',
      sourceId: randomUUID(),
    })
    .returning();
  return row?.id ?? '';
};
/**
 * An incident with two feeds' reports: organization A's own (null: a global one), the second
 * report's id answered for a split.
 */
const newFusedIncident = async (organizationId: string | null) => {
  const [row] = await server.database.db
    .insert(incidents)
    .values({
      organizationId,
      title: 'Fused quake',
      severity: 'LOW',
      source: 'usgs-matrix',
      sourceId: randomUUID(),
    })
    .returning();
  const incidentId = row?.id ?? '';
  const base = { incidentId, sourceName: 'Feed', severity: 'LOW' as const };
  const [, second] = await server.database.db
    .insert(feedReports)
    .values([
      { ...base, source: 'usgs-matrix', sourceId: row?.sourceId ?? '' },
      {
        ...base,
        source: 'emsc-matrix',
        sourceId: randomUUID(),
        reported: {
          title: 'Fused quake (EMSC)',
          description: null,
          type: 'NATURAL_HAZARD',
          lat: 10,
          lng: 10,
          countryCode: null,
          area: null,
          affectedRadiusKm: 100,
          startsAt: new Date().toISOString(),
          endsAt: null,
        },
      },
    ])
    .returning();
  return { incidentId, reportId: second?.id ?? '' };
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
  'GET /api/docs/*': {
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
  // An unknown challenge: the second sign-in step is public and refuses it for anyone.
  'POST /api/auth/login/2fa': {
    expect: everyone(401),
    request: () => ({
      path: '/api/auth/login/2fa',
      body: { challengeToken: 'forged', code: '123456' },
    }),
  },
  // An unknown link token: the password confirmation of a first Google sign-in is public.
  'POST /api/auth/google/link': {
    expect: everyone(401),
    request: () => ({
      path: '/api/auth/google/link',
      body: { linkToken: 'forged', password: 'some-password' },
    }),
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
  'GET /api/admin/users/:id/sessions': {
    expect: adminA(200),
    request: async () => ({ path: `/api/admin/users/${await newTargetInA()}/sessions` }),
  },
  'GET /api/admin/users/:id/two-factor': {
    expect: adminA(200),
    request: async () => ({ path: `/api/admin/users/${await newTargetInA()}/two-factor` }),
  },
  // A member of A with 2FA on: what an admin may reset.
  'DELETE /api/admin/users/:id/two-factor': {
    expect: adminA(200),
    request: async () => {
      const target = await newTargetInA();
      await server.database.db
        .insert(userTwoFactor)
        .values({ userId: target, secretSealed: 'unused', enabledAt: new Date() });
      return { path: `/api/admin/users/${target}/two-factor` };
    },
  },
  // A member of A signed in once: that session is what an admin may end.
  'DELETE /api/admin/users/:id/sessions/:sessionId': {
    expect: adminA(200),
    request: async () => {
      const email = uniqueEmail('signed-in');
      const target = await server.createUser({ organizationId: orgA, email });
      const { accessToken } = await server.login(email);
      const { sid } = JSON.parse(
        Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString(),
      ) as { sid: string };
      return { path: `/api/admin/users/${target.id}/sessions/${sid}` };
    },
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
  'GET /api/atlas/shipments/map': {
    expect: signedIn(200),
    request: () => ({ path: '/api/atlas/shipments/map?scope=GLOBAL&bbox=-180,-90,180,90&zoom=2' }),
  },
  'GET /api/atlas/shipments/map/details': {
    // A's tag and ordinal: another organization's shipments are another version, so a conflict.
    expect: {
      ...signedIn(409),
      aViewer: 200,
      aManager: 200,
      aAdmin: 200,
      platformAdminActingAsA: 200,
    },
    request: async () => {
      const ids = await server.request<{ data: { tag: string; ids: string[] } }>(
        'GET',
        '/api/atlas/shipments/map/ids',
        { headers: await headersFor('aViewer') },
      );
      const { tag, ids: list } = ids.body.data;
      return {
        path: `/api/atlas/shipments/map/details?ordinal=${list.indexOf('SHP-A')}&tag=${tag}`,
      };
    },
    secretOfA: 'PO-A',
  },
  'GET /api/atlas/shipments/map/ids': {
    expect: signedIn(200),
    request: () => ({ path: '/api/atlas/shipments/map/ids?scope=GLOBAL' }),
    secretOfA: 'SHP-A',
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
  // Nobody here has linked Google: reachable by every signed-in user, and nothing changes.
  'DELETE /api/me/google-link': {
    expect: signedIn(400),
    request: () => ({ path: '/api/me/google-link' }),
  },
  // Ends only the caller's other sessions (none here but the one making the request).
  'DELETE /api/me/sessions': {
    expect: signedIn(200),
    request: () => ({ path: '/api/me/sessions' }),
  },
  'DELETE /api/me/sessions/:id': {
    expect: signedIn(404),
    request: () => ({ path: `/api/me/sessions/${randomUUID()}` }),
  },
  // Each caller's own second factor: a setup changes nothing until confirmed, a wrong code
  // confirms nothing, and nobody has 2FA on to disable.
  'POST /api/me/two-factor/setup': {
    expect: signedIn(200),
    request: () => ({ path: '/api/me/two-factor/setup' }),
  },
  'POST /api/me/two-factor/enable': {
    expect: signedIn(400),
    request: () => ({ path: '/api/me/two-factor/enable', body: { code: '000000' } }),
  },
  'POST /api/me/two-factor/disable': {
    expect: signedIn(400),
    request: () => ({
      path: '/api/me/two-factor/disable',
      body: { password: 'wrong-password', code: '000000' },
    }),
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
  'GET /api/admin/settings/notifications': {
    expect: signedIn(200),
    request: () => ({ path: '/api/admin/settings/notifications' }),
  },
  'PUT /api/admin/settings/notifications': {
    expect: organizationAdmins(200),
    request: () => ({
      path: '/api/admin/settings/notifications',
      body: DEFAULT_NOTIFICATION_SETTINGS,
    }),
  },
  'GET /api/admin/settings/currency': {
    expect: signedIn(200),
    request: () => ({ path: '/api/admin/settings/currency' }),
  },
  'PUT /api/admin/settings/currency': {
    expect: organizationAdmins(200),
    request: () => ({ path: '/api/admin/settings/currency', body: DEFAULT_CURRENCY_SETTINGS }),
  },
  // Each member's own notifications: another's is not found, even for platform staff.
  'GET /api/notifications': {
    expect: signedIn(200),
    request: () => ({ path: '/api/notifications' }),
  },
  'GET /api/notifications/unread': {
    expect: signedIn(200),
    request: () => ({ path: '/api/notifications/unread' }),
  },
  'GET /api/notifications/stream': {
    expect: signedIn(200),
    request: () => ({ path: '/api/notifications/stream' }),
    stream: true,
  },
  'POST /api/notifications/:id/read': {
    expect: { ...signedIn(404), aViewer: 200 },
    request: async () => ({ path: `/api/notifications/${await newNotificationOfAViewer()}/read` }),
  },
  'POST /api/notifications/read-all': {
    expect: signedIn(200),
    request: () => ({ path: '/api/notifications/read-all' }),
  },
  // Integrations belong to an organization: its ADMINs manage them.
  'GET /api/admin/integrations': {
    expect: organizationAdmins(200),
    request: () => ({ path: '/api/admin/integrations' }),
  },
  'POST /api/admin/integrations': {
    expect: organizationAdmins(201),
    request: (actor) => ({
      path: '/api/admin/integrations',
      body: { kind: 'SLACK', name: `Slack of ${actor}`, url: 'https://hooks.slack.example/T/B/X' },
    }),
  },
  'PATCH /api/admin/integrations/:id': {
    expect: adminA(200),
    request: async () => ({
      path: `/api/admin/integrations/${await newEndpointOfA()}`,
      body: { enabled: false },
    }),
  },
  'DELETE /api/admin/integrations/:id': {
    expect: adminA(200),
    request: async () => ({ path: `/api/admin/integrations/${await newEndpointOfA()}` }),
  },
  'POST /api/admin/integrations/:id/test': {
    expect: adminA(200),
    request: async () => ({ path: `/api/admin/integrations/${await newEndpointOfA()}/test` }),
  },
  'GET /api/admin/integrations/:id/deliveries': {
    expect: adminA(200),
    request: async () => ({
      path: `/api/admin/integrations/${await newEndpointOfA()}/deliveries`,
    }),
  },
  'POST /api/admin/deliveries/:id/redeliver': {
    expect: adminA(200),
    request: async () => ({ path: `/api/admin/deliveries/${await newDeliveryOfA()}/redeliver` }),
  },
  // Plans: everyone in the organization reads; MANAGERs and ADMINs write; an assignee updates
  // the status and notes of their own actions.
  'GET /api/plans': { expect: signedIn(200), request: () => ({ path: '/api/plans?assignee=me' }) },
  'POST /api/plans': {
    expect: { ...organizationEditors(201), bManager: 404, bAdmin: 404, platformAdmin: 404 },
    request: () => ({ path: '/api/plans', body: { incidentId: incidentA, name: 'Matrix' } }),
  },
  'GET /api/plans/:id': {
    expect: readA(200),
    request: async () => ({ path: `/api/plans/${(await newPlanOfA()).planId}` }),
  },
  'PATCH /api/plans/:id': {
    expect: { ...readA(200), aViewer: 403 },
    request: async () => {
      const { planId } = await newPlanOfA();
      const [row] = await server.database.db.select().from(plans).where(eq(plans.id, planId));
      return {
        path: `/api/plans/${planId}`,
        body: { updatedAt: row?.updatedAt.toISOString(), name: 'Renamed' },
      };
    },
  },
  'POST /api/plans/:id/actions': {
    expect: { ...readA(201), aViewer: 403 },
    request: async () => ({
      path: `/api/plans/${(await newPlanOfA()).planId}/actions`,
      body: { title: 'Added' },
    }),
  },
  'PATCH /api/plans/:id/actions/:actionId': {
    expect: readA(200),
    request: async () => {
      const { planId, actionId, updatedAt } = await newPlanOfA();
      return {
        path: `/api/plans/${planId}/actions/${actionId}`,
        body: { updatedAt, status: 'IN_PROGRESS' },
      };
    },
  },
  'GET /api/plan-templates': {
    expect: signedIn(200),
    request: () => ({ path: '/api/plan-templates' }),
  },
  'POST /api/plan-templates': {
    expect: organizationEditors(201),
    request: () => ({ path: '/api/plan-templates', body: TEMPLATE_BODY }),
  },
  'PATCH /api/plan-templates/:id': {
    expect: { ...readA(200), aViewer: 403 },
    request: async () => ({
      path: `/api/plan-templates/${await newTemplateOfA()}`,
      body: TEMPLATE_BODY,
    }),
  },
  'DELETE /api/plan-templates/:id': {
    expect: { ...readA(200), aViewer: 403 },
    request: async () => ({ path: `/api/plan-templates/${await newTemplateOfA()}` }),
  },
  // Insights: everyone in the organization reads and writes memos; a memo's author, MANAGERs
  // and ADMINs change it; MANAGERs and ADMINs make reports.
  'GET /api/insights/charts': {
    expect: signedIn(200),
    request: () => ({ path: '/api/insights/charts?days=30&scope=ORG' }),
  },
  'GET /api/insights/exports/events.csv': {
    expect: signedIn(200),
    request: () => ({ path: '/api/insights/exports/events.csv?scope=ALL' }),
  },
  'GET /api/incidents/:id/exposure.csv': {
    expect: readA(200),
    request: () => ({ path: `/api/incidents/${incidentA}/exposure.csv` }),
  },
  'GET /api/incidents/:id/memos': {
    expect: readA(200),
    request: () => ({ path: `/api/incidents/${incidentA}/memos` }),
  },
  'POST /api/incidents/:id/memos': {
    expect: readA(201),
    request: (actor) => ({
      path: `/api/incidents/${incidentA}/memos`,
      body: { body: `Memo by **${actor}**` },
    }),
  },
  'PATCH /api/memos/:id': {
    expect: { ...readA(200), aViewer: 403 },
    request: async () => {
      const memo = await newMemoOfA();
      return {
        path: `/api/memos/${memo.id}`,
        body: { body: 'Edited', updatedAt: memo.updatedAt },
      };
    },
  },
  'DELETE /api/memos/:id': {
    expect: { ...readA(200), aViewer: 403 },
    request: async () => ({ path: `/api/memos/${(await newMemoOfA()).id}` }),
  },
  'GET /api/incidents/:id/reports': {
    expect: readA(200),
    request: () => ({ path: `/api/incidents/${incidentA}/reports` }),
  },
  'POST /api/incidents/:id/reports': {
    expect: { ...readA(201), aViewer: 403 },
    request: (actor) => ({
      path: `/api/incidents/${incidentA}/reports`,
      body: { title: `Report by ${actor}` },
    }),
  },
  'GET /api/reports/:id/pdf': {
    expect: readA(200),
    request: async () => ({ path: `/api/reports/${await newReportOfA()}/pdf` }),
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
  'GET /api/places': {
    expect: signedIn(200),
    request: () => ({ path: '/api/places?q=MYPKG' }),
  },
  'GET /api/atlas/events/:id': {
    expect: readA(200),
    request: () => ({ path: `/api/atlas/events/${incidentA}` }),
  },
  // Each caller records an incident in its own active organization: MANAGERs and ADMINs may.
  'POST /api/incidents': {
    expect: {
      ...signedIn(403),
      aManager: 201,
      aAdmin: 201,
      bManager: 201,
      bAdmin: 201,
      platformAdmin: 201,
      platformAdminActingAsA: 201,
    },
    request: (actor) => ({
      path: '/api/incidents',
      body: { title: `Recorded by ${actor}`, severity: 'LOW', type: 'STRIKE' },
    }),
  },
  'PATCH /api/incidents/:id': {
    expect: { ...readA(200), aViewer: 403 },
    request: (actor) => ({
      path: `/api/incidents/${incidentA}`,
      body: { description: `Seen by ${actor}` },
    }),
  },
  // Incidents are history: only platform staff delete, and only a feed's duplicates.
  'DELETE /api/incidents/:id': {
    expect: { ...readA(403), platformAdminActingAsA: 200 },
    request: async () => ({ path: `/api/incidents/${await newFeedIncidentInA()}` }),
  },
  'GET /api/incidents/:id/feed-reports': {
    expect: readA(200),
    request: async () => ({
      path: `/api/incidents/${(await newFusedIncident(orgA)).incidentId}/feed-reports`,
    }),
  },
  // Fusion is of global incidents, which everyone sees: platform staff split them.
  'POST /api/incidents/:id/feed-reports/:reportId/split': {
    expect: platformOnly(201),
    request: async () => {
      const { incidentId, reportId } = await newFusedIncident(null);
      return { path: `/api/incidents/${incidentId}/feed-reports/${reportId}/split` };
    },
  },
  'POST /api/incidents/:id/comments': {
    expect: readA(201),
    request: (actor) => ({
      path: `/api/incidents/${incidentA}/comments`,
      body: { body: `Comment by **${actor}**` },
    }),
  },
  'GET /api/incidents/:id/timeline': {
    expect: readA(200),
    request: () => ({ path: `/api/incidents/${incidentA}/timeline` }),
  },
  'GET /api/incidents/:id/exposure': {
    expect: readA(200),
    request: () => ({ path: `/api/incidents/${incidentA}/exposure` }),
  },
  // How A's exposed site stands: read by A's members, set by its editors.
  'GET /api/incidents/:id/assessments': {
    expect: readA(200),
    request: () => ({ path: `/api/incidents/${incidentA}/assessments` }),
  },
  'PUT /api/incidents/:id/assessments/:siteId': {
    expect: { ...readA(200), aViewer: 403 },
    request: () => ({
      path: `/api/incidents/${incidentA}/assessments/${siteA}`,
      body: { state: 'CONFIRMED', capacityPct: 50 },
    }),
  },
  'POST /api/incidents/:id/assessments/bulk': {
    expect: { ...readA(200), aViewer: 403 },
    request: () => ({
      path: `/api/incidents/${incidentA}/assessments/bulk`,
      body: { siteIds: [siteA], state: 'RECOVERING' },
    }),
  },
  'GET /api/sites/:id/assessments': {
    expect: readA(200),
    request: () => ({ path: `/api/sites/${siteA}/assessments` }),
  },
  // A's exposed sites' contacts asked: read by A's members, asked by its editors (here without
  // SMTP: 503 once allowed), a link revoked by them (an unknown one: 404).
  'GET /api/incidents/:id/supplier-requests': {
    expect: readA(200),
    request: () => ({ path: `/api/incidents/${incidentA}/supplier-requests` }),
  },
  'POST /api/incidents/:id/supplier-requests': {
    expect: { ...readA(503), aViewer: 403 },
    request: () => ({ path: `/api/incidents/${incidentA}/supplier-requests`, body: {} }),
  },
  'DELETE /api/incidents/:id/supplier-requests/:requestId': {
    expect: { ...readA(404), aViewer: 403 },
    request: () => ({
      path: `/api/incidents/${incidentA}/supplier-requests/${randomUUID()}`,
    }),
  },
  // The supplier's page is public: a forged link opens nothing, for anyone.
  'GET /api/public/supplier-requests/:token': {
    expect: everyone(404),
    request: () => ({ path: `/api/public/supplier-requests/${'x'.repeat(43)}` }),
  },
  'PUT /api/public/supplier-requests/:token': {
    expect: everyone(404),
    request: () => ({
      path: `/api/public/supplier-requests/${'x'.repeat(43)}`,
      body: { affected: false },
    }),
  },
  // Any member asks (the built-in analyst answers here: no model is configured).
  'GET /api/incidents/:id/analyses': {
    expect: readA(200),
    request: () => ({ path: `/api/incidents/${incidentA}/analyses` }),
  },
  'POST /api/incidents/:id/analyses': {
    expect: readA(201),
    request: (actor) => ({
      path: `/api/incidents/${incidentA}/analyses`,
      body: { question: `What does ${actor} need to know?` },
    }),
  },
  'GET /api/exposure/summary': {
    expect: signedIn(200),
    request: () => ({ path: '/api/exposure/summary?scope=GLOBAL' }),
  },
  'GET /api/atlas/exposed-routes': {
    expect: signedIn(200),
    request: () => ({ path: '/api/atlas/exposed-routes?scope=GLOBAL' }),
  },
  'GET /api/atlas/sites': {
    expect: signedIn(200),
    request: () => ({ path: '/api/atlas/sites' }),
  },
  'GET /api/admin/jobs': {
    expect: platformOnly(200),
    request: () => ({ path: '/api/admin/jobs' }),
  },
  // The hazard feeds are the platform's: customers neither see nor change them.
  'GET /api/admin/sources': {
    expect: platformOnly(200),
    request: () => ({ path: '/api/admin/sources' }),
  },
  'GET /api/admin/sources/:id': {
    expect: platformOnly(200),
    request: async () => ({ path: `/api/admin/sources/${await newSource()}` }),
  },
  'POST /api/admin/sources': {
    expect: platformOnly(201),
    request: (actor) => ({
      path: '/api/admin/sources',
      body: { kind: 'USGS', name: `Feed by ${actor} ${randomUUID()}`, url: UNREACHABLE_FEED },
    }),
  },
  'PATCH /api/admin/sources/:id': {
    expect: platformOnly(200),
    request: async () => ({
      path: `/api/admin/sources/${await newSource()}`,
      body: { intervalSeconds: 600 },
    }),
  },
  'DELETE /api/admin/sources/:id': {
    expect: platformOnly(200),
    request: async () => ({ path: `/api/admin/sources/${await newSource()}` }),
  },
  'POST /api/admin/sources/:id/poll': {
    expect: platformOnly(202),
    request: async () => ({ path: `/api/admin/sources/${await newSource()}/poll` }),
  },
  // API keys belong to an organization: its ADMINs manage them.
  'GET /api/admin/api-keys': {
    expect: organizationAdmins(200),
    request: () => ({ path: '/api/admin/api-keys' }),
  },
  'POST /api/admin/api-keys': {
    expect: organizationAdmins(201),
    request: (actor) => ({ path: '/api/admin/api-keys', body: { name: `Key of ${actor}` } }),
  },
  'DELETE /api/admin/api-keys/:id': {
    expect: adminA(200),
    request: async () => ({ path: `/api/admin/api-keys/${await newApiKeyOfA()}` }),
  },
  // Pushed with an API key, never a session: every session token is refused.
  'POST /api/ingest/incidents': {
    expect: everyone(401),
    request: () => ({
      path: '/api/ingest/incidents',
      body: { incidents: [{ externalId: 'x', title: 'Pushed', severity: 'LOW' }] },
    }),
  },
  'GET /api/sites': { expect: signedIn(200), request: () => ({ path: '/api/sites?sort=tier' }) },
  // Each caller adds a site to its own active organization: MANAGERs and ADMINs may.
  'POST /api/sites': {
    expect: organizationEditors(201),
    request: (actor) => ({
      path: '/api/sites',
      body: { name: `Added by ${actor}`, location: { lat: 1, lng: 2 } },
    }),
  },
  'POST /api/sites/bulk': {
    expect: organizationEditors(200),
    request: (actor) => ({
      path: '/api/sites/bulk',
      body: {
        sites: [{ externalRef: `BULK-${actor}`, name: actor, location: { lat: 1, lng: 2 } }],
      },
    }),
  },
  'GET /api/sites/:id': { expect: readA(200), request: () => ({ path: `/api/sites/${siteA}` }) },
  'PATCH /api/sites/:id': {
    expect: { ...readA(200), aViewer: 403 },
    request: (actor) => ({ path: `/api/sites/${siteA}`, body: { name: `Renamed by ${actor}` } }),
  },
  'GET /api/sites/:id/exposure': {
    expect: readA(200),
    request: () => ({ path: `/api/sites/${siteA}/exposure` }),
  },
  'GET /api/products': {
    expect: signedIn(200),
    request: () => ({ path: '/api/products?sort=revenue' }),
  },
  // Each caller adds a product to its own active organization: MANAGERs and ADMINs may.
  'POST /api/products': {
    expect: organizationEditors(201),
    request: (actor) => ({
      path: '/api/products',
      body: { sku: `SKU-${actor}`, name: `Added by ${actor}`, revenuePerDay: 10 },
    }),
  },
  'POST /api/products/bulk': {
    expect: organizationEditors(200),
    request: (actor) => ({
      path: '/api/products/bulk',
      body: { products: [{ sku: `BULK-${actor}`, name: actor, coverDays: 3 }] },
    }),
  },
  'GET /api/products/:id': {
    expect: readA(200),
    request: () => ({ path: `/api/products/${productA}` }),
  },
  'PATCH /api/products/:id': {
    expect: { ...readA(200), aViewer: 403 },
    request: (actor) => ({
      path: `/api/products/${productA}`,
      body: { name: `Renamed by ${actor}`, parts: [{ part: 'P-1', siteId: siteA }] },
    }),
  },
  'GET /api/shipments': { expect: signedIn(200), request: () => ({ path: '/api/shipments?q=PO' }) },
  'POST /api/shipments': {
    expect: organizationEditors(201),
    request: () => ({
      path: '/api/shipments',
      body: {
        reference: `PO-${randomUUID()}`,
        mode: 'SEA',
        origin: { locode: 'CNSHA' },
        destination: { locode: 'NLRTM' },
      },
    }),
  },
  'POST /api/shipments/bulk': {
    expect: organizationEditors(200),
    request: (actor) => ({
      path: '/api/shipments/bulk',
      body: {
        shipments: [
          {
            reference: `BULK-${actor}`,
            mode: 'AIR',
            origin: { locode: 'HKHKG' },
            destination: { locode: 'DEFRA' },
          },
        ],
      },
    }),
  },
  'GET /api/shipments/:id': {
    expect: readA(200),
    request: () => ({ path: '/api/shipments/SHP-A' }),
  },
  'PATCH /api/shipments/:id': {
    expect: { ...readA(200), aViewer: 403 },
    request: () => ({
      path: '/api/shipments/SHP-A',
      body: { currentPosition: { lat: 2, lng: 2 }, status: 'DELAYED' },
    }),
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
    sites: await db.select().from(sites).where(eq(sites.organizationId, orgA)),
    products: await db.select().from(products).where(eq(products.organizationId, orgA)),
    productParts: await db
      .select()
      .from(productParts)
      .where(eq(productParts.organizationId, orgA))
      .orderBy(productParts.id),
    invitations: await db.select().from(invitations).where(eq(invitations.organizationId, orgA)),
    memos: await db.select().from(memos).where(eq(memos.organizationId, orgA)),
    reports: await db
      .select({ id: reports.id, title: reports.title })
      .from(reports)
      .where(eq(reports.organizationId, orgA)),
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
  const [site] = await server.database.db
    .insert(sites)
    .values({ organizationId: orgA, name: 'A supplier', lat: 1, lng: 1 })
    .returning();
  siteA = site?.id ?? '';
  // The incident reached the site: it has an assessment to read and set.
  await server.database.db.insert(exposures).values({
    organizationId: orgA,
    incidentId: incidentA,
    targetKind: 'SITE',
    targetId: siteA,
    via: 'LOCATION',
    distanceKm: 0,
  });
  const [product] = await server.database.db
    .insert(products)
    .values({ organizationId: orgA, sku: 'A-1', name: 'A product', revenuePerDay: 100 })
    .returning();
  productA = product?.id ?? '';
  await server.database.db.insert(productParts).values({
    organizationId: orgA,
    productId: productA,
    part: 'Bearing',
    siteId: siteA,
    position: 0,
  });
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
    const registered = routeList(server.app).filter((route) => route !== 'OPTIONS *');
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
        const response = spec.stream
          ? await server.streamStatus(request.path, await headersFor(actor))
          : await server.request(method, request.path, {
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
        // A's viewer sees it (so its absence means something); no outsider does.
        if (spec.secretOfA && (outsider || actor === 'aViewer')) {
          const seen = JSON.stringify(response.body).includes(spec.secretOfA);
          expect(seen, `${actor} and A's data`).toBe(!outsider);
        }
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
