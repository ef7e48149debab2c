import type {
  AssessmentListResponse,
  ChartsResponse,
  IncidentExposureResponse,
  NotificationListResponse,
  SupplierRequestCreateResponse,
  SupplierRequestListResponse,
  SupplierRequestViewResponse,
  TimelineResponse,
} from '@meridian/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, supplierRequests } from '../../db/schema.js';
import { incidentSteps } from '../../test/incident-steps.js';
import { signedInMembers } from '../../test/members.js';
import {
  type SmtpCapture,
  decodedBody,
  headerOf,
  startSmtpCapture,
} from '../../test/smtp-server.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';

/**
 * Asking exposed sites' own contacts how they stand: the e-mail to a real local SMTP server,
 * the one-time link's public page and answer, the assessment it sets, the reminder, over real
 * HTTP on both databases.
 */
let server: TestServer;
let smtp: SmtpCapture;
const steps = incidentSteps(() => server);
const token = { manager: '', viewer: '', outsider: '' };
const site = { plant: '', depot: '', noMail: '', far: '' };
let incidentId = '';
let organizationId = '';
let otherIncidentId = '';

const DAY_MS = 24 * 60 * 60_000;
const dayFromNow = (days: number) =>
  new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

async function createSite(name: string, lat: number, extra: Record<string, unknown> = {}) {
  const response = await server.request<{ data: { site: { id: string } } }>('POST', '/api/sites', {
    token: token.manager,
    body: {
      name,
      kind: 'SUPPLIER',
      location: { lat, lng: 101.4 },
      revenuePerDay: 10_000,
      ...extra,
    },
  });
  expect(response.status).toBe(201);
  return response.body.data.site.id;
}

/** The link of the last e-mail to `to`, and that e-mail's text. */
function lastMailTo(to: string) {
  const mail = smtp.messages.filter((message) => message.to.includes(to)).at(-1);
  if (!mail) throw new Error(`no e-mail to ${to}`);
  const body = decodedBody(mail.raw);
  const link = /https:\/\/meridian\.example\/supplier-response\?token=([A-Za-z0-9_-]+)/.exec(body);
  if (!link?.[1]) throw new Error('no link in the e-mail');
  return { body, token: link[1], subject: headerOf(mail.raw, 'Subject') ?? '' };
}

beforeAll(async () => {
  smtp = await startSmtpCapture({ refuse: (address) => address.endsWith('@gone.example') });
  server = await startTestServer({
    WORKERS: '0',
    PUBLIC_URL: 'https://meridian.example',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Meridian <risk@meridian.example>',
  });
  organizationId = (await server.createOrganization('Ask Co')).id;
  const other = (await server.createOrganization('Other Co')).id;
  Object.assign(
    token,
    await signedInMembers(server, {
      manager: { organizationId, email: 'manager@ask.example', adminRole: 'MANAGER' },
      viewer: { organizationId, email: 'viewer@ask.example', adminRole: 'VIEWER' },
      outsider: { organizationId: other, email: 'm@other.example', adminRole: 'MANAGER' },
    }),
  );
  site.plant = await createSite('Klang plant', 3.0, {
    contact: { name: 'Aisha', email: 'aisha@plant.example' },
  });
  site.depot = await createSite('Klang depot', 3.05, {
    contact: { email: 'ops@depot.example' },
  });
  site.noMail = await createSite('Klang yard', 3.02);
  site.far = await createSite('Penang works', 5.4, { contact: { email: 'far@works.example' } });
  await steps.runJobs();
  incidentId = await steps.createIncident(token.manager, {
    title: 'Port strike at Klang',
    severity: 'MEDIUM',
    type: 'STRIKE',
    location: { lat: 3.0, lng: 101.4 },
    affectedRadiusKm: 20,
  });
  otherIncidentId = await steps.createIncident(token.manager, {
    title: 'Flood at Penang',
    severity: 'MEDIUM',
    type: 'WEATHER',
    location: { lat: 5.4, lng: 101.4 },
    affectedRadiusKm: 20,
  });
}, 60_000);
afterAll(async () => {
  await server.close();
  await smtp.stop();
});

const ask = (as: string, body: Record<string, unknown> = {}, incident = incidentId) =>
  server.request<SupplierRequestCreateResponse & { message: string }>(
    'POST',
    `/api/incidents/${incident}/supplier-requests`,
    { token: as, body },
  );
const listRequests = () =>
  server.request<SupplierRequestListResponse>(
    'GET',
    `/api/incidents/${incidentId}/supplier-requests`,
    { token: token.viewer },
  );
const view = (link: string) =>
  server.request<SupplierRequestViewResponse & { message: string }>(
    'GET',
    `/api/public/supplier-requests/${link}`,
  );
const answer = (link: string, body: Record<string, unknown>) =>
  server.request<{ message: string }>('PUT', `/api/public/supplier-requests/${link}`, { body });
const assessmentOf = async (siteId: string) =>
  (
    await server.request<AssessmentListResponse>(
      'GET',
      `/api/incidents/${incidentId}/assessments`,
      { token: token.viewer },
    )
  ).body.data.assessments.find((row) => row.siteId === siteId);

describe('asking suppliers', () => {
  it('lets only the organization’s editors ask, about sites the incident reached', async () => {
    expect((await ask(token.viewer)).status).toBe(403);
    expect((await ask(token.outsider)).status).toBe(404);
    const far = await ask(token.manager, { siteIds: [site.far] });
    expect(far.status).toBe(409);
    const bad = await ask(token.manager, { expiresInDays: 90 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/expiresInDays must be between 1 and 30 days/);
    expect(await server.database.db.select().from(supplierRequests)).toEqual([]);
  });

  it('e-mails each exposed site with a contact a link of its own, and says who was left out', async () => {
    const response = await ask(token.manager, { remindAfterDays: 2 });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('2 suppliers asked');
    expect(response.body.data.requests.map((row) => [row.siteName, row.status])).toEqual([
      ['Klang depot', 'OPEN'],
      ['Klang plant', 'OPEN'],
    ]);
    expect(response.body.data.skipped).toEqual([
      { siteId: site.noMail, siteName: 'Klang yard', reason: 'NO_EMAIL' },
    ]);
    await steps.runJobs();
    const mail = lastMailTo('aisha@plant.example');
    expect(mail.subject).toContain('Is Klang plant affected by');
    expect(mail.body).toContain('Ask Co is checking on its suppliers near an event.');
    expect(lastMailTo('ops@depot.example').token).not.toBe(mail.token);
    // Only the hash of the token is kept to look it up.
    const rows = await server.database.db.select().from(supplierRequests);
    expect(rows.every((row) => row.tokenHash !== mail.token && row.sentAt !== null)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(mail.token);
    // Asked again, a site with an open link is not asked twice.
    const again = await ask(token.manager);
    expect(again.body.data.requests).toEqual([]);
    expect(again.body.data.skipped.map((row) => row.reason).sort()).toEqual([
      'NO_EMAIL',
      'OPEN',
      'OPEN',
    ]);
    const timeline = await server.request<TimelineResponse>(
      'GET',
      `/api/incidents/${incidentId}/timeline`,
      { token: token.viewer },
    );
    expect(
      timeline.body.data.entries.some((entry) =>
        entry.changes.some(
          (change) =>
            change.field === 'Suppliers asked' && change.to === 'Klang depot, Klang plant',
        ),
      ),
    ).toBe(true);
    const audited = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'supplier_request.create'));
    expect(audited).toHaveLength(1);
  });

  it('shows the supplier only the incident’s title, place and dates and its own site', async () => {
    const link = lastMailTo('aisha@plant.example').token;
    const response = await view(link);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      organizationName: 'Ask Co',
      incident: { title: 'Port strike at Klang', lat: 3.0, lng: 101.4 },
      site: { name: 'Klang plant' },
      answer: null,
    });
    expect(JSON.stringify(response.body)).not.toMatch(/Klang depot|Penang|revenue|10000/);
    // A guessed link opens nothing and says nothing of what exists.
    const guessed = await view('A'.repeat(43));
    expect(guessed.status).toBe(404);
    expect(guessed.body.message).toBe(
      'This link does not open an answer: it is wrong, or was withdrawn',
    );
  });

  it('takes the answer as the site’s assessment, the supplier’s, and value at risk follows', async () => {
    const link = lastMailTo('aisha@plant.example').token;
    const refused: [Record<string, unknown>, RegExp][] = [
      [{}, /affected/],
      [{ affected: true, capacityPct: 140 }, /capacityPct must be between 0 and 100/],
      [{ affected: true, expectedRecoveryOn: '2020-01-01' }, /already past/],
      [{ affected: true, notes: 'x'.repeat(2001) }, /at most 2000 characters/],
    ];
    for (const [body, message] of refused) {
      const response = await answer(link, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toMatch(message);
    }
    expect((await assessmentOf(site.plant))?.state).toBe('POTENTIAL');

    const recovery = dayFromNow(10);
    const saved = await answer(link, {
      affected: true,
      capacityPct: 40,
      expectedRecoveryOn: recovery,
      notes: 'Night shift only',
    });
    expect(saved.status).toBe(200);
    await steps.runJobs();
    expect(await assessmentOf(site.plant)).toMatchObject({
      state: 'CONFIRMED',
      capacityPct: 40,
      expectedRecoveryOn: recovery,
      reportedBySupplier: true,
      setBy: null,
    });
    const exposure = await server.request<IncidentExposureResponse>(
      'GET',
      `/api/incidents/${incidentId}/exposure`,
      { token: token.viewer },
    );
    const plant = exposure.body.data.valueAtRisk.bySite.find((row) => row.siteId === site.plant);
    expect(plant?.downtimeFrom).toBe('ASSESSMENT');
    // The one who asked (the incident has no assignee) hears of it at once.
    const inbox = await server.request<NotificationListResponse>('GET', '/api/notifications', {
      token: token.manager,
    });
    expect(
      inbox.body.data.notifications.some((row) =>
        row.lines.includes(`Klang plant: affected, 40 % capacity, back by ${recovery}`),
      ),
    ).toBe(true);
    const viewerInbox = await server.request<NotificationListResponse>(
      'GET',
      '/api/notifications',
      { token: token.viewer },
    );
    expect(
      viewerInbox.body.data.notifications.some((row) =>
        row.lines.some((line) => line.startsWith('Klang plant: affected')),
      ),
    ).toBe(false);
    // The page shows the answer; the supplier changes it: no impact after all.
    expect((await view(link)).body.data.answer).toMatchObject({ affected: true, capacityPct: 40 });
    expect((await answer(link, { affected: false })).status).toBe(200);
    await steps.runJobs();
    expect((await assessmentOf(site.plant))?.state).toBe('NO_IMPACT');
    const timeline = await server.request<TimelineResponse>(
      'GET',
      `/api/incidents/${incidentId}/timeline`,
      { token: token.viewer },
    );
    expect(
      timeline.body.data.entries.find((entry) => entry.via?.startsWith('Klang plant (supplier')),
    ).toBeDefined();
    const list = (await listRequests()).body.data;
    expect(list.responseRate).toEqual({ asked: 2, answered: 1 });
    // Both answers are audited, for the organization, with no user behind them.
    const audited = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'supplier_request.answer'))
      .orderBy(auditLog.id);
    expect(audited.map((row) => [row.actorUserId, row.actingOrganizationId])).toEqual([
      [null, organizationId],
      [null, organizationId],
    ]);
    expect(audited[1]).toMatchObject({
      before: { affected: true, capacityPct: 40 },
      after: { affected: false, siteId: site.plant, email: 'aisha@plant.example' },
    });
  });

  it('reminds a contact that has not answered when the reminder is due, and only that one', async () => {
    const before = smtp.messages.length;
    // Two days pass: the reminders' jobs come due.
    await server.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.kind, 'assessments.supplier-mail'));
    await steps.runJobs();
    const sent = smtp.messages.slice(before);
    expect(sent.map((mail) => mail.to)).toEqual([['ops@depot.example']]);
    expect(lastMailTo('ops@depot.example').subject).toMatch(/^Reminder: Is Klang depot affected/);
    const depot = (await listRequests()).body.data.requests.find(
      (row) => row.siteId === site.depot,
    );
    expect(depot?.remindedAt).not.toBeNull();
  });

  it('refuses a revoked or expired link, and never lets one touch another incident', async () => {
    const depotLink = lastMailTo('ops@depot.example').token;
    const depot = (await listRequests()).body.data.requests.find(
      (row) => row.siteId === site.depot,
    );
    if (!depot) throw new Error('no request for the depot');
    // Revoking is the editors' (a viewer may not, another organization does not see it).
    const path = `/api/incidents/${incidentId}/supplier-requests/${depot.id}`;
    expect((await server.request('DELETE', path, { token: token.viewer })).status).toBe(403);
    expect((await server.request('DELETE', path, { token: token.outsider })).status).toBe(404);
    const wrongIncident = `/api/incidents/${otherIncidentId}/supplier-requests/${depot.id}`;
    expect((await server.request('DELETE', wrongIncident, { token: token.manager })).status).toBe(
      404,
    );
    expect((await server.request('DELETE', path, { token: token.manager })).status).toBe(200);
    expect((await view(depotLink)).status).toBe(404);
    expect((await answer(depotLink, { affected: false })).status).toBe(404);
    expect((await assessmentOf(site.depot))?.state).toBe('POTENTIAL');

    const plantLink = lastMailTo('aisha@plant.example').token;
    await server.database.db
      .update(supplierRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(supplierRequests.siteId, site.plant));
    const expired = await answer(plantLink, { affected: true });
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe('This link has expired: ask your contact for a new one');
    expect((await assessmentOf(site.plant))?.state).toBe('NO_IMPACT');
    const statuses = (await listRequests()).body.data.requests.map((row) => row.status).sort();
    expect(statuses).toEqual(['ANSWERED', 'REVOKED']);
  });

  it('records an address the contact’s server refuses, and asks again once it is fixed', async () => {
    const patch = await server.request('PATCH', `/api/sites/${site.noMail}`, {
      token: token.manager,
      body: { contact: { email: 'nobody@gone.example' } },
    });
    expect(patch.status).toBe(200);
    expect((await ask(token.manager, { siteIds: [site.noMail] })).body.data.requests).toHaveLength(
      1,
    );
    await steps.runJobs();
    const yard = () =>
      listRequests().then((reply) =>
        reply.body.data.requests.filter((row) => row.siteId === site.noMail),
      );
    const [bounced] = await yard();
    expect(bounced?.status).toBe('BOUNCED');
    expect(bounced?.bounceReason).toMatch(/550.*No such user/);
    // Not retried: nothing is left to run for it.
    const waiting = await server.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${bounced?.id}:ask`));
    expect(waiting).toEqual([]);
    // The address fixed, asking again sends a new link.
    await server.request('PATCH', `/api/sites/${site.noMail}`, {
      token: token.manager,
      body: { contact: { email: 'yard@dock.example' } },
    });
    const again = await ask(token.manager, { siteIds: [site.noMail] });
    expect(again.body.data.requests.map((row) => row.email)).toEqual(['yard@dock.example']);
    await steps.runJobs();
    expect(lastMailTo('yard@dock.example').subject).toMatch(/Is Klang yard affected/);
    expect((await yard()).map((row) => row.status)).toEqual(['OPEN', 'BOUNCED']);
  });

  it('counts in Insights who answered and how fast, from the e-mail to the first answer', async () => {
    const [plant] = await server.database.db
      .select()
      .from(supplierRequests)
      .where(eq(supplierRequests.siteId, site.plant));
    if (!plant?.firstAnsweredAt || !plant.answeredAt) throw new Error('the plant has not answered');
    // Changing the answer kept the time of the first one.
    expect(plant.firstAnsweredAt.getTime()).toBeLessThan(plant.answeredAt.getTime());
    await server.database.db
      .update(supplierRequests)
      .set({ sentAt: new Date(plant.firstAnsweredAt.getTime() - 6 * 3_600_000) })
      .where(eq(supplierRequests.id, plant.id));
    const charts = (as: string) =>
      server.request<ChartsResponse>('GET', '/api/insights/charts?days=30&scope=ORG', {
        token: as,
      });
    const reply = await charts(token.viewer);
    expect(reply.status).toBe(200);
    // The depot's link was withdrawn unanswered: not counted. The yard was asked twice (one
    // address refused, one link open), the plant once and answered 6 hours after the e-mail.
    expect(reply.body.data.charts.supplierResponses).toEqual({
      asked: 3,
      answered: 1,
      bounced: 1,
      medianHoursToAnswer: 6,
      suppliers: [
        {
          id: site.noMail,
          name: 'Klang yard',
          asked: 2,
          answered: 0,
          bounced: 1,
          medianHoursToAnswer: null,
        },
        {
          id: site.plant,
          name: 'Klang plant',
          asked: 1,
          answered: 1,
          bounced: 0,
          medianHoursToAnswer: 6,
        },
      ],
    });
    const outsider = (await charts(token.outsider)).body.data.charts.supplierResponses;
    expect(outsider).toEqual({
      asked: 0,
      answered: 0,
      bounced: 0,
      medianHoursToAnswer: null,
      suppliers: [],
    });
  });
});
