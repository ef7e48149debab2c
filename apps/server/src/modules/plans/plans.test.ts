import type {
  NotificationListResponse,
  Plan,
  PlanListResponse,
  PlanResponse,
  PlanTemplateListResponse,
  PlanTemplateResponse,
  TimelineResponse,
} from '@meridian/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, incidents, planActions } from '../../db/schema.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';
import { until } from '../../test/poll.js';

/**
 * Response plans over real HTTP: templates with due offsets, who may change what, completion
 * rules, stale writes, the timeline, the audit log and the alerts they raise.
 */
let server: TestServer;
let acme = '';
let incidentId = '';
let globalIncidentId = '';
const token = { admin: '', manager: '', viewer: '', other: '', borealis: '' };
const ids = { admin: '', manager: '', viewer: '', other: '' };

beforeAll(async () => {
  server = await startTestServer({ ALERT_DIGEST_SECONDS: '1' });
  acme = (await server.createOrganization('Acme Plans')).id;
  const borealis = (await server.createOrganization('Borealis Plans')).id;
  for (const [who, role] of [
    ['admin', 'ADMIN'],
    ['manager', 'MANAGER'],
    ['viewer', 'VIEWER'],
    ['other', 'VIEWER'],
  ] as const) {
    const user = await server.createUser({
      organizationId: acme,
      email: `${who}@acme-plans.example`,
      adminRole: role,
    });
    ids[who] = user.id;
    token[who] = (await server.login(user.email)).accessToken;
  }
  await server.createUser({
    organizationId: borealis,
    email: 'manager@borealis-plans.example',
    adminRole: 'MANAGER',
  });
  token.borealis = (await server.login('manager@borealis-plans.example')).accessToken;
  const [incident] = await server.database.db
    .insert(incidents)
    .values({ organizationId: acme, title: 'Strike at Antwerp', severity: 'HIGH', type: 'STRIKE' })
    .returning();
  incidentId = incident?.id ?? '';
  const [global] = await server.database.db
    .insert(incidents)
    .values({ organizationId: null, title: 'Typhoon in the South China Sea', severity: 'CRITICAL' })
    .returning();
  globalIncidentId = global?.id ?? '';
}, 60_000);
afterAll(() => server.close());

const templates = async (who: keyof typeof token = 'manager') =>
  (
    await server.request<PlanTemplateListResponse>('GET', '/api/plan-templates', {
      token: token[who],
    })
  ).body.data.templates;
const createPlan = async (body: Record<string, unknown>, who: keyof typeof token = 'manager') =>
  server.request<PlanResponse>('POST', '/api/plans', { token: token[who], body });
const patchAction = (
  plan: Plan,
  index: number,
  body: Record<string, unknown>,
  who: keyof typeof token,
) => {
  const action = plan.actions[index];
  if (!action) throw new Error(`no action ${index}`);
  return server.request<PlanResponse>('PATCH', `/api/plans/${plan.id}/actions/${action.id}`, {
    token: token[who],
    body: { updatedAt: action.updatedAt, ...body },
  });
};

describe('templates', () => {
  it('start with the three starters, once, and can be changed by managers only', async () => {
    const first = await templates();
    expect(first.map((template) => template.name)).toEqual([
      'Port disruption',
      'Supplier failure',
      'Natural hazard',
    ]);
    expect(await templates('viewer')).toHaveLength(3);
    const port = first[0];
    if (!port) throw new Error('no template');
    const body = {
      name: 'Port disruption (Antwerp)',
      incidentTypes: ['STRIKE'],
      actions: [{ title: 'Call the terminal', dueOffsetHours: 1, ownerRole: 'VIEWER' }],
    };
    expect(
      (
        await server.request('PATCH', `/api/plan-templates/${port.id}`, {
          token: token.viewer,
          body,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await server.request('PATCH', `/api/plan-templates/${port.id}`, {
          token: token.borealis,
          body,
        })
      ).status,
    ).toBe(404);
    const created = await server.request<PlanTemplateResponse>('POST', '/api/plan-templates', {
      token: token.manager,
      body,
    });
    expect(created.status).toBe(201);
    expect(created.body.data.template.actions[0]).toMatchObject({
      required: true,
      ownerRole: 'VIEWER',
    });
    const removed = await server.request(
      'DELETE',
      `/api/plan-templates/${created.body.data.template.id}`,
      {
        token: token.manager,
      },
    );
    expect(removed.status).toBe(200);
    // Removing one never brings the starters back.
    expect((await templates()).map((template) => template.name)).toEqual([
      'Port disruption',
      'Supplier failure',
      'Natural hazard',
    ]);
    const bad = await server.request('POST', '/api/plan-templates', {
      token: token.manager,
      body: { name: 'Empty', actions: [] },
    });
    expect(bad.status).toBe(400);
  });
});

describe('plans', () => {
  let plan: Plan;

  it('are made from a template: actions in order, due at start + offset, owners by role', async () => {
    const port = (await templates()).find((template) => template.name === 'Port disruption');
    const startsAt = '2026-11-24T08:00:00.000Z';
    const created = await createPlan({ incidentId, templateId: port?.id, startsAt });
    expect(created.status).toBe(201);
    plan = created.body.data.plan;
    expect(plan).toMatchObject({
      name: 'Port disruption',
      status: 'ACTIVE',
      incidentTitle: 'Strike at Antwerp',
      owner: { id: ids.manager },
      progress: { done: 0, total: 6 },
    });
    expect(plan.actions.map((action) => action.dueAt)).toEqual([
      '2026-11-24T10:00:00.000Z',
      '2026-11-24T12:00:00.000Z',
      '2026-11-24T16:00:00.000Z',
      '2026-11-24T20:00:00.000Z',
      '2026-11-25T08:00:00.000Z',
      '2026-11-27T08:00:00.000Z',
    ]);
    expect(plan.actions[0]?.assignee?.id).toBe(ids.manager);
    expect(plan.actions[3]?.assignee?.id).toBe(ids.admin);
    expect(plan.actions[4]?.required).toBe(false);
    // Started in the past: the first actions are overdue already.
    expect(plan.actions[0]?.overdue).toBe(Date.now() > Date.parse('2026-11-24T10:00:00Z'));
  });

  it('refuse viewers, other organizations and unknown incidents', async () => {
    expect((await createPlan({ incidentId }, 'viewer')).status).toBe(403);
    expect((await createPlan({ incidentId }, 'borealis')).status).toBe(404);
    expect(
      (await server.request('GET', `/api/plans/${plan.id}`, { token: token.borealis })).status,
    ).toBe(404);
    expect(
      (await server.request('GET', `/api/plans/${plan.id}`, { token: token.viewer })).status,
    ).toBe(200);
    const blank = await createPlan({ incidentId: globalIncidentId, name: 'Typhoon watch' });
    expect(blank.status).toBe(201);
    expect(blank.body.data.plan.actions).toEqual([]);
  });

  it('let managers assign, and the assignee (a viewer) update only status and notes', async () => {
    const assigned = await patchAction(plan, 1, { assigneeId: ids.viewer }, 'manager');
    expect(assigned.status).toBe(200);
    plan = assigned.body.data.plan;
    // Not the viewer's action; and on their own, not the title.
    expect((await patchAction(plan, 0, { status: 'DONE' }, 'viewer')).status).toBe(403);
    expect((await patchAction(plan, 1, { title: 'Mine now' }, 'viewer')).status).toBe(403);
    expect((await patchAction(plan, 1, { status: 'DONE' }, 'other')).status).toBe(403);
    const blocked = await patchAction(plan, 1, { status: 'BLOCKED' }, 'viewer');
    expect(blocked.status).toBe(400);
    const done = await patchAction(
      plan,
      1,
      { status: 'DONE', notes: 'Listed 14 shipments' },
      'viewer',
    );
    expect(done.status).toBe(200);
    plan = done.body.data.plan;
    expect(plan.actions[1]).toMatchObject({
      status: 'DONE',
      notes: 'Listed 14 shipments',
      doneBy: { id: ids.viewer },
      overdue: false,
    });
    expect(plan.progress).toEqual({ done: 1, total: 6 });
    // "My actions": plans with an action assigned to the caller.
    const mine = await server.request<PlanListResponse>('GET', '/api/plans?assignee=me', {
      token: token.viewer,
    });
    expect(mine.body.data.plans.map((p) => p.id)).toEqual([plan.id]);
  });

  it('refuse a stale write with 409', async () => {
    const stale = plan.actions[2];
    const first = await patchAction(plan, 2, { status: 'IN_PROGRESS' }, 'manager');
    expect(first.status).toBe(200);
    const second = await server.request('PATCH', `/api/plans/${plan.id}/actions/${stale?.id}`, {
      token: token.admin,
      body: { updatedAt: stale?.updatedAt, status: 'BLOCKED', blockedReason: 'No answer' },
    });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      message: 'This was changed by someone else. Reload to see the change.',
    });
    plan = first.body.data.plan;
  });

  it('cannot be completed while required actions are open; can when they are done', async () => {
    const refused = await server.request('PATCH', `/api/plans/${plan.id}`, {
      token: token.manager,
      body: { updatedAt: plan.updatedAt, status: 'COMPLETED' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: 'This plan cannot be completed while 4 required actions are open',
    });
    for (let i = 0; i < plan.actions.length; i += 1) {
      const action = plan.actions[i];
      if (!action?.required || action.status === 'DONE') continue;
      const done = await patchAction(plan, i, { status: 'DONE' }, 'manager');
      expect(done.status).toBe(200);
      plan = done.body.data.plan;
    }
    const completed = await server.request<PlanResponse>('PATCH', `/api/plans/${plan.id}`, {
      token: token.manager,
      body: { updatedAt: plan.updatedAt, status: 'COMPLETED' },
    });
    expect(completed.status).toBe(200);
    expect(completed.body.data.plan.status).toBe('COMPLETED');
    // A closed plan's actions stay as they are.
    const late = await patchAction(completed.body.data.plan, 4, { status: 'DONE' }, 'manager');
    expect(late.status).toBe(409);
  });

  it('is on the incident timeline and in the audit log', async () => {
    const timeline = await server.request<TimelineResponse>(
      'GET',
      `/api/incidents/${incidentId}/timeline`,
      {
        token: token.viewer,
      },
    );
    const bodies = timeline.body.data.entries.filter((e) => e.kind === 'PLAN').map((e) => e.body);
    expect(bodies[0]).toBe('Plan “Port disruption” created from the template “Port disruption”');
    expect(bodies).toContain(
      'Action “List shipments at, bound for or routed through the port”: To do → Done, notes',
    );
    expect(bodies.at(-1)).toBe('Plan “Port disruption”: active → completed');
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, plan.id));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['plan.create', 'plan.update']),
    );
  });

  it('alerts assignees and the organization, and overdue actions once', async () => {
    const notifications = async (who: keyof typeof token) =>
      (
        await server.request<NotificationListResponse>('GET', '/api/notifications', {
          token: token[who],
        })
      ).body.data.notifications;
    const viewerLines = async () => (await notifications('viewer')).flatMap((n) => n.lines);
    let lines = await until(
      viewerLines,
      (seen) =>
        seen.some((line) => line.includes('assigned to you')) &&
        seen.some((line) => line.includes('completed')),
      { interval: 200 },
    );
    expect(lines).toContain(
      '“List shipments at, bound for or routed through the port” (Port disruption) assigned to you',
    );
    expect(lines.some((line) => line.startsWith('“Port disruption” completed by'))).toBe(true);

    // An overdue action of an active plan: alerted to its assignee, once.
    const active = await createPlan({ incidentId, name: 'Overdue check' });
    const withAction = await server.request<PlanResponse>(
      'POST',
      `/api/plans/${active.body.data.plan.id}/actions`,
      {
        token: token.manager,
        body: {
          title: 'Call the insurer',
          assigneeId: ids.viewer,
          dueAt: new Date(Date.now() - 60_000).toISOString(),
        },
      },
    );
    expect(withAction.status).toBe(201);
    const { OverdueActions } = await import('./plans.overdue.js');
    const { PlanAlerts } = await import('./plan-alerts.js');
    const { AlertRaiser } = await import('../alerts/raise.js');
    const { backgroundWork } = await import('../../jobs/background.js');
    const scanner = new OverdueActions(
      server.database.db,
      new PlanAlerts(new AlertRaiser(backgroundWork(server.app.jobWorker))),
      () => server.app.jobWorker.kick(),
      server.app.log,
    );
    const first = await scanner.runDue();
    expect(first).toBeGreaterThanOrEqual(1);
    expect(await scanner.runDue()).toBe(0);
    const [row] = await server.database.db
      .select()
      .from(planActions)
      .where(eq(planActions.id, withAction.body.data.plan.actions[0]?.id ?? ''));
    expect(row?.overdueAlertedAt).not.toBeNull();
    lines = await until(viewerLines, (seen) => seen.some((line) => line.includes('is overdue')), {
      interval: 200,
    });
    expect(lines).toContain('“Call the insurer” (Overdue check) is overdue');
  });
});
