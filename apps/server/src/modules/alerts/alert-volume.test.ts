import type {
  AlertEndpointResponse,
  IncidentResponse,
  NotificationListResponse,
  Plan,
  PlanResponse,
  PlanTemplateListResponse,
} from '@meridian/contracts';
import { and, count, eq, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, deliveries, jobs } from '../../db/schema.js';
import {
  type SmtpCapture,
  decodedBody,
  headerOf,
  startSmtpCapture,
} from '../../test/smtp-server.js';
import { until } from '../../test/poll.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';
import { type WebhookReceiver, startWebhookReceiver } from '../../test/webhook-receiver.js';

/**
 * How many messages people receive, counted per recipient over real HTTP, a real SMTP server
 * and a webhook receiver, with the digest window as it is in use (15 minutes): one incident's
 * life worked to resolution, then a small import that newly exposes the organization to twelve
 * older incidents. Plain members hear of what matters and little else; the assignee's work
 * reaches them at once; the webhook receives every change exactly once.
 */
let server: TestServer;
let smtp: SmtpCapture;
let receiver: WebhookReceiver;
let organizationId = '';
const PLAIN = ['ana', 'ben', 'chloe'] as const;
const PEOPLE = ['admin', 'manager', 'assignee', ...PLAIN] as const;
type Person = (typeof PEOPLE)[number];
const token = {} as Record<Person, string>;
const ids = {} as Record<Person, string>;
const email = (who: Person) => `${who}@volume.example`;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  receiver = await startWebhookReceiver();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://meridian.example',
    ALERTS_ALLOW_PRIVATE_URLS: '1',
  });
  organizationId = (await server.createOrganization('Volume Co')).id;
  for (const who of PEOPLE) {
    const user = await server.createUser({
      organizationId,
      email: email(who),
      adminRole: who === 'admin' ? 'ADMIN' : who === 'manager' ? 'MANAGER' : 'VIEWER',
    });
    ids[who] = user.id;
    token[who] = (await server.login(user.email)).accessToken;
  }
  const hook = await server.request<AlertEndpointResponse>('POST', '/api/admin/integrations', {
    token: token.admin,
    body: { kind: 'WEBHOOK', name: 'Everything', url: receiver.url('/all') },
  });
  expect(hook.status).toBe(201);
  // A critical terminal at Port Klang: an incident there matters to everyone.
  const site = await server.request('POST', '/api/sites', {
    token: token.manager,
    body: {
      name: 'Westport terminal',
      kind: 'PORT',
      criticality: 'CRITICAL',
      location: { lat: 2.99, lng: 101.31 },
    },
  });
  expect(site.status).toBe(201);
}, 60_000);
afterAll(async () => {
  await server.close();
  await Promise.all([smtp.stop(), receiver.close()]);
});

/** Every job due has run and every delivery queued has left (digests wait for their window). */
async function settled(): Promise<void> {
  const { db } = server.database;
  await until(
    async () => {
      // A job being run has its lease in run_at: only a digest waiting for its window is not due.
      const [due] = await db
        .select({ n: count() })
        .from(jobs)
        .where(or(ne(jobs.kind, 'alerts.digest'), lte(jobs.runAt, sql`now()`)));
      const [pending] = await db
        .select({ n: count() })
        .from(deliveries)
        .where(
          and(eq(deliveries.organizationId, organizationId), eq(deliveries.status, 'PENDING')),
        );
      const [waiting] = await db
        .select({ n: count() })
        .from(alerts)
        .where(and(eq(alerts.organizationId, organizationId), isNull(alerts.fannedOutAt)));
      return (due?.n ?? 0) + (pending?.n ?? 0) + (waiting?.n ?? 0);
    },
    (left) => left === 0,
    { timeout: 30_000 },
  );
}

/** Per person: inbox threads and e-mails received so far. */
async function received() {
  const tally = {} as Record<Person, { inbox: number; mails: number }>;
  for (const who of PEOPLE) {
    const inbox = await server.request<NotificationListResponse>(
      'GET',
      '/api/notifications?limit=50',
      { token: token[who] },
    );
    tally[who] = {
      inbox: inbox.body.data.notifications.length,
      mails: smtp.messages.filter((mail) => mail.to.includes(email(who))).length,
    };
  }
  return tally;
}

const alertCount = async () => {
  const [row] = await server.database.db
    .select({ n: count() })
    .from(alerts)
    .where(eq(alerts.organizationId, organizationId));
  return row?.n ?? 0;
};

const createIncident = async (body: Record<string, unknown>) => {
  const response = await server.request<IncidentResponse>('POST', '/api/incidents', {
    token: token.manager,
    body,
  });
  expect(response.status).toBe(201);
  return response.body.data.incident;
};

describe('how many messages people receive', () => {
  it("keeps an incident's life to a few messages, and its assignee's work at once", async () => {
    const incident = await createIncident({
      title: 'Strike at Port Klang',
      type: 'PORT_CONGESTION',
      severity: 'HIGH',
      location: { lat: 3.0, lng: 101.39 },
      affectedRadiusKm: 40,
    });
    await settled();
    const patch = async (body: Record<string, unknown>) => {
      const changed = await server.request('PATCH', `/api/incidents/${incident.id}`, {
        token: token.manager,
        body,
      });
      expect(changed.status).toBe(200);
    };
    await patch({ status: 'IN_PROGRESS' });
    await patch({ severity: 'CRITICAL' });

    // A six-action plan from a template, every action assigned to one person.
    const template = (
      await server.request<PlanTemplateListResponse>('GET', '/api/plan-templates', {
        token: token.manager,
      })
    ).body.data.templates.find((entry) => entry.name === 'Port disruption');
    const created = await server.request<PlanResponse>('POST', '/api/plans', {
      token: token.manager,
      body: { incidentId: incident.id, templateId: template?.id },
    });
    expect(created.status).toBe(201);
    let plan: Plan = created.body.data.plan;
    expect(plan.actions).toHaveLength(6);
    const mailsBefore = smtp.messages.filter((mail) => mail.to.includes(email('assignee'))).length;
    const assignedAt = Date.now();
    for (const index of plan.actions.keys()) {
      const action = plan.actions[index];
      const assigned = await server.request<PlanResponse>(
        'PATCH',
        `/api/plans/${plan.id}/actions/${action?.id}`,
        { token: token.manager, body: { updatedAt: action?.updatedAt, assigneeId: ids.assignee } },
      );
      expect(assigned.status).toBe(200);
      plan = assigned.body.data.plan;
    }
    // Each assignment reaches its person at once, though a digest window of 15 minutes is open.
    const assignedMails = await until(
      async () =>
        smtp.messages
          .filter((mail) => mail.to.includes(email('assignee')))
          .slice(mailsBefore)
          .filter((mail) => (headerOf(mail.raw, 'Subject') ?? '').includes('Action assigned')),
      (found) => found.length === 6,
    );
    expect(assignedMails).toHaveLength(6);
    expect(Date.now() - assignedAt).toBeLessThan(5_000);
    // One thread per incident in the assignee's mail: each continues their first e-mail about it.
    const mine = smtp.messages.filter((mail) => mail.to.includes(email('assignee')));
    const root = headerOf(mine[0]?.raw ?? '', 'Message-ID');
    expect(headerOf(mine[0]?.raw ?? '', 'In-Reply-To')).toBeUndefined();
    for (const mail of assignedMails) {
      expect(headerOf(mail.raw, 'In-Reply-To')).toBe(root);
      expect(headerOf(mail.raw, 'References')).toBe(root);
      expect(headerOf(mail.raw, 'List-Unsubscribe')).toBe(
        '<https://meridian.example/admin/notifications>',
      );
    }
    // What it reaches that matters most, and how the response stands, to triage from.
    const body = decodedBody(assignedMails.at(-1)?.raw ?? '');
    expect(body).toContain('Sites hit: Westport terminal (Critical)');
    expect(body).toMatch(/Plan: Port disruption · Active, 0 of 6 actions done/);
    expect(body).toContain('Manage these alerts: https://meridian.example/admin/notifications');

    // The manager works the plan through, then resolves the incident.
    for (const action of plan.actions) {
      const current = plan.actions.find((entry) => entry.id === action.id);
      const done = await server.request<PlanResponse>(
        'PATCH',
        `/api/plans/${plan.id}/actions/${action.id}`,
        { token: token.manager, body: { updatedAt: current?.updatedAt, status: 'DONE' } },
      );
      expect(done.status).toBe(200);
      plan = done.body.data.plan;
    }
    await patch({ status: 'RESOLVED', reason: 'Berths open again' });
    await settled();

    const tally = await received();
    for (const who of PLAIN) {
      // One thread about the incident; by e-mail its exposure of the critical terminal only.
      expect(tally[who].inbox, who).toBeLessThanOrEqual(2);
      expect(tally[who].mails, who).toBeGreaterThanOrEqual(1);
      expect(tally[who].mails, who).toBeLessThanOrEqual(3);
    }
    expect(tally.assignee.inbox).toBeLessThanOrEqual(2);
    // Every change reached the webhook, each exactly once.
    const hooks = receiver.received('/all');
    expect(hooks).toHaveLength(await alertCount());
    expect(new Set(hooks.map((hook) => (hook.json as { id: string }).id)).size).toBe(hooks.length);
  });

  it('tells of an import that touches twelve incidents in one message per person', async () => {
    // Twelve incidents around Singapore, where the organization has nothing yet.
    for (let i = 0; i < 12; i += 1) {
      await createIncident({
        title: `Haze over the Strait ${i + 1}`,
        type: 'WEATHER',
        severity: i < 2 ? 'CRITICAL' : 'MEDIUM',
        location: { lat: 1.25 + i * 0.01, lng: 103.8 },
        affectedRadiusKm: 60,
      });
    }
    await settled();
    const before = await received();
    const alertsBefore = await alertCount();
    const hooksBefore = receiver.received('/all').length;

    const imported = await server.request('POST', '/api/shipments/bulk', {
      token: token.manager,
      body: {
        shipments: [1, 2, 3, 4].map((n) => ({
          reference: `SG-${n}`,
          mode: 'SEA',
          origin: { name: 'Singapore', lat: 1.26, lng: 103.84 },
          destination: { name: 'Jakarta', lat: -6.1, lng: 106.88 },
          currentPosition: { lat: 1.3, lng: 103.8 },
        })),
      },
    });
    expect(imported.status).toBe(200);
    await settled();

    const after = await received();
    for (const who of PEOPLE) {
      expect(after[who].inbox - before[who].inbox, who).toBeLessThanOrEqual(1);
      expect(after[who].mails - before[who].mails, who).toBeLessThanOrEqual(1);
    }
    const summary = (
      await server.request<NotificationListResponse>('GET', '/api/notifications', {
        token: token.ana,
      })
    ).body.data.notifications[0];
    expect(summary).toMatchObject({
      kind: 'EXPOSURE_SUMMARY',
      title: 'New exposure: 4 shipments imported',
      incidentId: null,
      link: '/admin/events?exposed=true&sort=priority',
    });
    expect(summary?.lines[0]).toMatch(/^Now exposed to 12 incidents, \d+ of them P\d: /);
    // The webhook still receives each incident's exposure, and the summary: exactly once each.
    const raised = (await alertCount()) - alertsBefore;
    expect(raised).toBe(13);
    expect(receiver.received('/all').length - hooksBefore).toBe(raised);
  });
});
