import {
  type Analysis,
  type AnalysisListResponse,
  type AnalysisResponse,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  exposurePeaks,
  exposures,
  incidentEvents,
  incidentImpacts,
  incidents,
  memos,
  planActions,
  plans,
  shipments,
  sites,
} from '../../db/schema.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';
import { type ServerSentEvent, serverSentEvents } from './sse.js';

/**
 * The analysis assistant without a language model, over real HTTP: the built-in analyst's
 * grounded answer (counts, citations, the section the question asks for), the event stream,
 * who may ask about what, and that each organization sees its own analyses only.
 */
let server: TestServer;
let acme = '';
let incidentId = '';
let globalIncidentId = '';
let borealisIncidentId = '';
const token = { viewer: '', manager: '', borealis: '' };
const HOUR = 3_600_000;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  acme = (await server.createOrganization('Acme Analysis')).id;
  const borealis = (await server.createOrganization('Borealis Analysis')).id;
  for (const [who, organizationId, email, adminRole] of [
    ['viewer', acme, 'viewer@acme-analysis.example', 'VIEWER'],
    ['manager', acme, 'manager@acme-analysis.example', 'MANAGER'],
    ['borealis', borealis, 'manager@borealis-analysis.example', 'MANAGER'],
  ] as const) {
    await server.createUser({ organizationId, email, adminRole });
    token[who] = (await server.login(email)).accessToken;
  }
  const now = Date.now();
  const [incident, global, borealisOwn] = await db
    .insert(incidents)
    .values([
      {
        organizationId: acme,
        title: 'Strike at the port of Antwerp',
        severity: 'HIGH',
        type: 'STRIKE',
        status: 'IN_PROGRESS',
        lat: 51.26,
        lng: 4.4,
        countryCode: 'BE',
        startsAt: new Date(now - 30 * HOUR),
      },
      { organizationId: null, title: 'Typhoon over Taiwan', severity: 'CRITICAL', type: 'WEATHER' },
      {
        organizationId: borealis,
        title: 'Borealis private strike',
        severity: 'LOW',
        type: 'STRIKE',
        status: 'RESOLVED',
        lat: 51.3,
        lng: 4.4,
        startsAt: new Date(now - 500 * HOUR),
        resolvedAt: new Date(now - 499 * HOUR),
      },
    ])
    .returning();
  incidentId = incident?.id ?? '';
  globalIncidentId = global?.id ?? '';
  borealisIncidentId = borealisOwn?.id ?? '';
  // Two past strikes Acme sees, 24 and 72 hours to resolve: 2 days on average.
  await db.insert(incidents).values(
    [24, 72].map((hours, index) => ({
      organizationId: index === 0 ? acme : null,
      title: `Past strike ${index + 1}`,
      severity: 'MEDIUM' as const,
      type: 'STRIKE' as const,
      status: 'RESOLVED' as const,
      lat: 51 + index,
      lng: 4,
      startsAt: new Date(now - 1000 * HOUR),
      resolvedAt: new Date(now - (1000 - hours) * HOUR),
    })),
  );
  const siteRows = await db
    .insert(sites)
    .values([
      {
        organizationId: acme,
        name: 'Antwerp Chemicals',
        criticality: 'CRITICAL',
        annualSpend: 2_000_000,
        revenuePerDay: 30_000,
        currency: 'EUR',
      },
      {
        organizationId: acme,
        name: 'Ghent Plastics',
        criticality: 'HIGH',
        annualSpend: 500_000,
        currency: 'EUR',
      },
      {
        organizationId: acme,
        name: 'Brussels Warehouse',
        kind: 'WAREHOUSE',
        criticality: 'MEDIUM',
      },
      { organizationId: acme, name: 'Cleared Supplier', criticality: 'CRITICAL' },
      { organizationId: borealis, name: 'Borealis Secret Plant', criticality: 'CRITICAL' },
    ])
    .returning();
  await db.insert(shipments).values(
    (
      [
        ['SHP-AN-1', 'PO-SEA-1', 'SEA', 'DELAYED'],
        ['SHP-AN-2', 'PO-ROAD-2', 'ROAD', 'IN_TRANSIT'],
      ] as const
    ).map(([id, reference, mode, status]) => ({
      id,
      organizationId: acme,
      reference,
      mode,
      status,
      origin: 'Shanghai',
      destination: 'Antwerp',
      lat: 51.2,
      lng: 4.4,
    })),
  );
  await db.insert(exposures).values([
    ...siteRows.map((site, index) => ({
      organizationId: site.organizationId,
      incidentId,
      targetKind: 'SITE' as const,
      targetId: site.id,
      via: 'LOCATION' as const,
      distanceKm: 5 + index,
      state: site.name === 'Cleared Supplier' ? ('CLEARED' as const) : ('NEW' as const),
    })),
    ...['SHP-AN-1', 'SHP-AN-2'].map((targetId) => ({
      organizationId: acme,
      incidentId,
      targetKind: 'SHIPMENT' as const,
      targetId,
      via: 'POSITION' as const,
      distanceKm: 3,
    })),
  ]);
  // The priority as the engine keeps it beside the exposure (inserted by hand, as the rows).
  await db.insert(incidentImpacts).values({
    incidentId,
    organizationId: acme,
    priority: 'P2',
    priorityRank: 3,
    points: { severity: 2, criticality: 3, proximity: 2, value: 0, singleSource: 0 },
    valueAtRisk: 0,
    currency: 'USD',
    basis: 'NOW',
    inputs: 'set by the test',
  });
  const [plan] = await db
    .insert(plans)
    .values({ organizationId: acme, incidentId, name: 'Port strike response' })
    .returning();
  await db.insert(planActions).values([
    {
      planId: plan?.id ?? '',
      organizationId: acme,
      position: 0,
      title: 'Call the terminal',
      dueAt: new Date(now - 2 * HOUR),
    },
    {
      planId: plan?.id ?? '',
      organizationId: acme,
      position: 1,
      title: 'Book rail capacity',
      status: 'DONE',
      dueAt: new Date(now - HOUR),
    },
  ]);
  await db
    .insert(memos)
    .values({ organizationId: acme, incidentId, body: 'Terminal expects to reopen on Friday.' });
  await db.insert(incidentEvents).values([
    { incidentId, kind: 'CREATED', changes: [] },
    {
      incidentId,
      organizationId: acme,
      kind: 'COMMENT',
      body: 'Unions meet the port authority today.',
    },
  ]);
}, 60_000);
afterAll(() => server.close());

const ask = (id: string, question: string, who: keyof typeof token = 'viewer') =>
  server.request<AnalysisResponse>('POST', `/api/incidents/${id}/analyses`, {
    token: token[who],
    body: { question },
  });

/** Asks with `Accept: text/event-stream` and reads every event. */
async function askStreaming(id: string, question: string) {
  const response = await fetch(`${server.url}/api/incidents/${id}/analyses`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token.viewer}`,
      'content-type': 'application/json',
      accept: 'text/event-stream',
      'accept-encoding': 'gzip, br',
    },
    body: JSON.stringify({ question }),
  });
  const events: ServerSentEvent[] = [];
  if (response.body) for await (const event of serverSentEvents(response.body)) events.push(event);
  return { response, events };
}

describe('the built-in analyst', () => {
  it('tells what a resolved event reached while active, not that nothing was exposed', async () => {
    const { db } = server.database;
    const [resolved] = await db
      .insert(incidents)
      .values({
        organizationId: acme,
        title: 'Closed quay in Ghent',
        severity: 'MEDIUM',
        type: 'PORT_CONGESTION',
        status: 'RESOLVED',
        lat: 51.05,
        lng: 3.72,
      })
      .returning();
    const id = resolved?.id ?? '';
    const acmeSites = await db.select().from(sites).where(eq(sites.organizationId, acme));
    const reached = acmeSites.slice(0, 2);
    await db.insert(exposures).values(
      reached.map((site, index) => ({
        organizationId: acme,
        incidentId: id,
        targetKind: 'SITE' as const,
        targetId: site.id,
        via: 'LOCATION' as const,
        distanceKm: 2 + index,
        state: 'CLEARED' as const,
        clearedAt: new Date(),
      })),
    );
    await db.insert(exposurePeaks).values({
      incidentId: id,
      organizationId: acme,
      sites: 2,
      sitesAt: new Date(),
    });
    const { status, body } = await ask(id, 'What did this hit?');
    expect(status).toBe(201);
    const { answer } = body.data.analysis;
    expect(answer).toContain(
      'Nothing of yours is within reach of this event now. While active it reached 2 sites and 0 shipments of yours, at most 2 and 0 at once.',
    );
    expect(answer).toContain('It reached no shipment of yours.');
    for (const site of reached) expect(answer).toContain(site.name);
  });

  it('answers any member from the organization’s own data, with the notice, counts and citations', async () => {
    const { status, body } = await ask(incidentId, 'Give me an overview');
    expect(status).toBe(201);
    const analysis = body.data.analysis;
    expect(analysis).toMatchObject({
      incidentId,
      question: 'Give me an overview',
      engine: 'BUILT_IN',
      model: null,
      status: 'COMPLETE',
      error: null,
      askedBy: { email: 'viewer@acme-analysis.example' },
    });
    expect(analysis.answer.startsWith(API_MESSAGES.analysis.noModel)).toBe(true);
    const { answer } = analysis;
    expect(answer).toContain(
      '3 sites and 2 shipments of yours are within reach of this event. While active it reached 4 sites and 2 shipments in all.',
    );
    expect(answer).toContain('1 critical, 1 high, 1 medium');
    expect(answer).toContain('€2,500,000');
    // A HIGH strike's 10 days of Antwerp's €30,000 a day, kept apart: the organization counts
    // in dollars and keeps no rate for euros.
    expect(answer).toContain(
      'Value at risk: $0 (sites $0 over their days down, cargo $0); not counted: €300,000 (no exchange rate)',
    );
    expect(answer).toContain(
      'Priority for the organization: P2 · Act today (severity 2, criticality 3, proximity 2, value at risk 0, single source 0: 7 points).',
    );
    expect(answer).toContain('1 sea, 1 road; 1 already delayed');
    expect(answer).toContain('1 of 2 actions done');
    expect(answer).toMatch(/1 action past due:\n- \*\*Call the terminal\*\*/);
    expect(answer).toContain(
      '2 resolved strike / labour events, nearest first, took 2 days on average',
    );
    expect(answer).toContain('Terminal expects to reopen on Friday.');
    expect(answer).not.toMatch(/Borealis|Cleared Supplier/);
    // Every [n] points at a stored citation, and each citation is cited.
    const cited = new Set([...answer.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1])));
    expect([...cited].sort((a, b) => a - b)).toEqual(
      analysis.citations.map((_citation, index) => index + 1),
    );
    expect(analysis.citations[0]).toEqual({
      kind: 'INCIDENT',
      id: incidentId,
      label: 'Strike at the port of Antwerp',
      href: `/admin/events/${incidentId}`,
    });
    const byLabel = new Map(analysis.citations.map((citation) => [citation.label, citation]));
    expect(byLabel.get('Antwerp Chemicals')).toMatchObject({
      kind: 'SITE',
      href: '/admin/suppliers',
    });
    expect(byLabel.get('PO-SEA-1 (Shanghai → Antwerp)')).toMatchObject({
      kind: 'SHIPMENT',
      href: '/admin/suppliers?tab=shipments',
    });
    expect(byLabel.get('Port strike response')?.href).toMatch(
      new RegExp(`^/admin/plans\\?incident=${incidentId}&plan=[0-9a-f-]{36}$`),
    );
    expect(analysis.citations.map((citation) => citation.kind)).toEqual(
      expect.arrayContaining([
        'INCIDENT',
        'TIMELINE',
        'SITE',
        'SHIPMENT',
        'PLAN',
        'ACTION',
        'MEMO',
      ]),
    );
    expect(analysis.citations.map((citation) => citation.id)).not.toContain(borealisIncidentId);
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'analysis.create'), eq(auditLog.targetId, analysis.id)));
    expect(audit?.after).toMatchObject({ incidentId, engine: 'BUILT_IN', status: 'COMPLETE' });
  });

  it('puts what the question asks about first', async () => {
    const shipmentsFirst = (await ask(incidentId, 'Which shipments are at risk?')).body.data
      .analysis.answer;
    expect(shipmentsFirst.split('\n\n## ')[1]).toMatch(/^What is exposed/);
    expect(shipmentsFirst.indexOf('2 shipments by mode')).toBeLessThan(
      shipmentsFirst.indexOf('3 sites by criticality'),
    );
    const overdue = (await ask(incidentId, 'What is overdue?', 'manager')).body.data.analysis
      .answer;
    expect(overdue.split('\n\n## ')[1]).toMatch(/^What is overdue/);
    const howLong = (await ask(incidentId, 'How long will this last?')).body.data.analysis.answer;
    expect(howLong.split('\n\n## ')[1]).toMatch(/^Comparable events/);
  });

  it('streams the answer as server-sent events, uncompressed, ending with the stored analysis', async () => {
    const { response, events } = await askStreaming(incidentId, 'What happened?');
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('content-encoding')).toBeNull();
    const deltas = events.filter((event) => event.event === 'delta');
    expect(deltas.length).toBeGreaterThanOrEqual(3);
    expect(events.at(-1)?.event).toBe('done');
    const done = JSON.parse(events.at(-1)?.data ?? '{}') as Analysis;
    const streamed = deltas.map((event) => (JSON.parse(event.data) as { text: string }).text);
    expect(streamed.join('')).toBe(done.answer);
    expect(done).toMatchObject({
      status: 'COMPLETE',
      engine: 'BUILT_IN',
      question: 'What happened?',
    });
  });

  it('lists the organization’s own analyses of an incident, newest first', async () => {
    await ask(globalIncidentId, 'Acme asks about the typhoon');
    await ask(globalIncidentId, 'Borealis asks about the typhoon', 'borealis');
    const acmeList = await server.request<AnalysisListResponse>(
      'GET',
      `/api/incidents/${globalIncidentId}/analyses`,
      { token: token.manager },
    );
    expect(acmeList.status).toBe(200);
    expect(acmeList.body.message).toBe(API_MESSAGES.analysis.listed);
    expect(acmeList.body.data.analyses.map((analysis) => analysis.question)).toEqual([
      'Acme asks about the typhoon',
    ]);
    const ownList = await server.request<AnalysisListResponse>(
      'GET',
      `/api/incidents/${incidentId}/analyses`,
      { token: token.viewer },
    );
    const questions = ownList.body.data.analyses.map((analysis) => analysis.question);
    expect(questions[0]).toBe('What happened?');
    expect(questions.at(-1)).toBe('Give me an overview');
  });

  it('answers 404 for another organization’s incident and 400 for an empty question', async () => {
    for (const request of [
      ask(incidentId, 'Let me in', 'borealis'),
      server.request('GET', `/api/incidents/${incidentId}/analyses`, { token: token.borealis }),
      ask(borealisIncidentId, 'And this one?'),
    ]) {
      const { status, body } = await request;
      expect(status).toBe(404);
      expect(body).toEqual({ code: 'NOT_FOUND', message: API_MESSAGES.analysis.incidentNotFound });
    }
    const streamed = await askStreaming(borealisIncidentId, 'Streaming does not hide it');
    expect(streamed.response.status).toBe(404);
    const empty = await ask(incidentId, '   ');
    expect(empty.status).toBe(400);
    expect((empty.body as unknown as { message: string }).message).toContain(
      API_MESSAGES.analysis.empty,
    );
  });
});
