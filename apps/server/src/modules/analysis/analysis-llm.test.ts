import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import {
  type Analysis,
  type AnalysisListResponse,
  type AnalysisResponse,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exposures,
  incidentEvents,
  incidents,
  memos,
  planActions,
  plans,
  sites,
} from '../../db/schema.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';
import { type ServerSentEvent, serverSentEvents } from './sse.js';

/**
 * The analysis assistant with a language model: a real OpenAI-compatible stub server that
 * streams its answer in pieces (one SSE line split across two writes), fails, sends garbage
 * or never answers; and what each organization's prompt may contain.
 */
type StubMode = 'stream' | 'error' | 'malformed' | 'hang';
type StubRequest = {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: { model: string; stream: boolean; messages: { role: string; content: string }[] };
};

const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

/** The answer cites the prompt's own numbers for the asking organization's site and memo. */
function answerTo(request: StubRequest): string[] {
  const prompt = request.body.messages.map((message) => message.content).join('\n');
  const ref = (pattern: string) => new RegExp(`^\\[(\\d+)\\] ${pattern}`, 'm').exec(prompt)?.[1];
  return [
    `Your site is in the typhoon's path [${ref('SITE') ?? '?'}]`,
    `; the memo says to reroute [${ref('MEMO') ?? '?'}].`,
    ' Nothing else is known.',
  ];
}

async function respond(mode: StubMode, request: StubRequest, res: http.ServerResponse) {
  if (mode === 'hang') return;
  if (mode === 'error') {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ error: { message: 'The model is overloaded', type: 'server_error' } }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  if (mode === 'malformed') {
    res.end('data: {"choices": [{"delta": \n\n');
    return;
  }
  const lines = [
    chunk({ role: 'assistant', content: '' }),
    ...answerTo(request).map((content) => chunk({ content })),
    chunk({}, 'stop'),
    'data: [DONE]\n\n',
  ];
  for (const [index, line] of lines.entries()) {
    if (index === 1) {
      // One event arrives in two pieces, cut mid-line.
      res.write(line.slice(0, 20));
      await delay(15);
      res.write(line.slice(20));
    } else res.write(line);
    await delay(15);
  }
  res.end();
}

async function startStub() {
  const state = { mode: 'stream' as StubMode, received: [] as StubRequest[] };
  const stub = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (text: string) => (raw += text));
    req.on('end', () => {
      const request = {
        path: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(raw) as StubRequest['body'],
      };
      state.received.push(request);
      void respond(state.mode, request, res);
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `http://127.0.0.1:${(stub.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        stub.closeAllConnections();
        stub.close(() => resolve());
      }),
  };
}

let stub: Awaited<ReturnType<typeof startStub>>;
let server: TestServer;
let typhoonId = '';
const token = { acme: '', borealis: '' };

beforeAll(async () => {
  stub = await startStub();
  server = await startTestServer({
    LLM_BASE_URL: `${stub.url}/v1/`,
    LLM_API_KEY: 'sk-test-key',
    LLM_MODEL: 'test-model',
    LLM_TIMEOUT_SECONDS: '1',
    LLM_CONCURRENCY_PER_ORGANIZATION: '2',
  });
  const { db } = server.database;
  const acme = (await server.createOrganization('Acme LLM')).id;
  const borealis = (await server.createOrganization('Borealis LLM')).id;
  for (const [who, organizationId] of [
    ['acme', acme],
    ['borealis', borealis],
  ] as const) {
    const email = `viewer@${who}-llm.example`;
    await server.createUser({ organizationId, email, adminRole: 'VIEWER' });
    token[who] = (await server.login(email)).accessToken;
  }
  const [typhoon] = await db
    .insert(incidents)
    .values({
      organizationId: null,
      title: 'Typhoon near Kaohsiung',
      severity: 'CRITICAL',
      type: 'WEATHER',
      lat: 22.6,
      lng: 120.3,
    })
    .returning();
  typhoonId = typhoon?.id ?? '';
  await db.insert(incidents).values({
    organizationId: borealis,
    title: 'Borealis past storm',
    severity: 'HIGH',
    type: 'WEATHER',
    status: 'RESOLVED',
    lat: 22.7,
    lng: 120.3,
    resolvedAt: new Date(),
  });
  for (const [organizationId, prefix] of [
    [acme, 'Acme'],
    [borealis, 'Borealis'],
  ] as const) {
    const [site] = await db
      .insert(sites)
      .values({ organizationId, name: `${prefix} Kaohsiung Fab`, criticality: 'CRITICAL' })
      .returning();
    await db.insert(exposures).values({
      organizationId,
      incidentId: typhoonId,
      targetKind: 'SITE',
      targetId: site?.id ?? '',
      via: 'LOCATION',
      distanceKm: 12,
    });
    await db
      .insert(memos)
      .values({ organizationId, incidentId: typhoonId, body: `${prefix} memo: reroute via Busan` });
    const [plan] = await db
      .insert(plans)
      .values({ organizationId, incidentId: typhoonId, name: `${prefix} typhoon plan` })
      .returning();
    await db.insert(planActions).values({
      planId: plan?.id ?? '',
      organizationId,
      position: 0,
      title: `${prefix} evacuate the fab`,
    });
    await db.insert(incidentEvents).values({
      incidentId: typhoonId,
      organizationId,
      kind: 'COMMENT',
      body: `${prefix} comment on the typhoon`,
    });
  }
  await db.insert(incidentEvents).values({ incidentId: typhoonId, kind: 'CREATED', changes: [] });
}, 60_000);
afterAll(async () => {
  await server.close();
  await stub.close();
});

async function askStreaming(question: string, who: keyof typeof token = 'acme') {
  const response = await fetch(`${server.url}/api/incidents/${typhoonId}/analyses`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token[who]}`,
      'content-type': 'application/json',
      accept: 'text/event-stream',
    },
    body: JSON.stringify({ question }),
  });
  const events: ServerSentEvent[] = [];
  if (response.body) for await (const event of serverSentEvents(response.body)) events.push(event);
  return { response, events };
}

const ask = (question: string) =>
  server.request<AnalysisResponse>('POST', `/api/incidents/${typhoonId}/analyses`, {
    token: token.acme,
    body: { question },
  });

const latest = async () =>
  (
    await server.request<AnalysisListResponse>('GET', `/api/incidents/${typhoonId}/analyses`, {
      token: token.acme,
    })
  ).body.data.analyses[0];

describe('the analysis assistant with a language model', () => {
  it('streams the answer as it arrives and stores it with the records it cited', async () => {
    stub.state.mode = 'stream';
    const { response, events } = await askStreaming('Are we exposed?');
    expect(response.status).toBe(201);
    const sent = stub.state.received.at(-1);
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBe('Bearer sk-test-key');
    expect(sent?.body).toMatchObject({ model: 'test-model', stream: true });
    expect(sent?.body.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(sent?.body.messages[0]?.content).toContain('using only the numbered records');
    expect(sent?.body.messages[1]?.content).toMatch(/Question: Are we exposed\?$/);

    const deltas = events
      .filter((event) => event.event === 'delta')
      .map((event) => (JSON.parse(event.data) as { text: string }).text);
    expect(deltas).toEqual(answerTo(sent as StubRequest));
    expect(events.at(-1)?.event).toBe('done');
    const done = JSON.parse(events.at(-1)?.data ?? '{}') as Analysis;
    expect(done).toMatchObject({
      engine: 'LLM',
      model: 'test-model',
      status: 'COMPLETE',
      error: null,
      answer:
        "Your site is in the typhoon's path [1]; the memo says to reroute [2]. Nothing else is known.",
    });
    expect(done.citations.map(({ kind, label }) => [kind, label])).toEqual([
      ['SITE', 'Acme Kaohsiung Fab'],
      ['MEMO', expect.stringMatching(/^Memo, \d{4}-\d{2}-\d{2}$/)],
    ]);
    expect(await latest()).toEqual(done);
  });

  it('finishes and stores the answer when the client goes away mid-stream', async () => {
    stub.state.mode = 'stream';
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/incidents/${typhoonId}/analyses`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token.acme}`,
        'content-type': 'application/json',
        accept: 'text/event-stream',
      },
      body: JSON.stringify({ question: 'Leaving early' }),
      signal: controller.signal,
    });
    const reader = response.body?.getReader();
    await reader?.read();
    controller.abort();
    await expect.poll(latest, { timeout: 3000 }).toMatchObject({
      question: 'Leaving early',
      status: 'COMPLETE',
    });
    // The server still answers.
    expect((await ask('Still there?')).status).toBe(201);
  });

  it('never puts another organization’s sites, memos, plans or timeline in the prompt', async () => {
    stub.state.mode = 'stream';
    for (const [who, own, other] of [
      ['acme', 'Acme', 'Borealis'],
      ['borealis', 'Borealis', 'Acme'],
    ] as const) {
      await askStreaming('Summarise everything', who);
      const prompt = JSON.stringify(stub.state.received.at(-1)?.body);
      for (const text of [
        'Kaohsiung Fab',
        'memo: reroute via Busan',
        'typhoon plan',
        'evacuate the fab',
        'comment on the typhoon',
      ]) {
        expect(prompt).toContain(`${own} ${text}`);
        expect(prompt).not.toContain(`${other} ${text}`);
      }
      expect(prompt).toContain('Typhoon near Kaohsiung');
      if (who === 'acme') expect(prompt).not.toContain('Borealis past storm');
    }
  });

  it('stores a provider error as a failed analysis with the provider’s words', async () => {
    stub.state.mode = 'error';
    const { status, body } = await ask('Is the plan on track?');
    expect(status).toBe(201);
    const failed = API_MESSAGES.analysis.modelFailed('HTTP 500: The model is overloaded');
    expect(body.message).toBe(failed);
    expect(body.data.analysis).toMatchObject({
      engine: 'LLM',
      status: 'FAILED',
      error: failed,
      answer: '',
      citations: [],
    });
    expect(await latest()).toMatchObject({ id: body.data.analysis.id, status: 'FAILED' });
  });

  it('stores a malformed stream as a failed analysis', async () => {
    stub.state.mode = 'malformed';
    const { events } = await askStreaming('Anything new?');
    const message = API_MESSAGES.analysis.modelFailed('the answer stream was malformed');
    expect(events.map((event) => event.event)).toEqual(['error']);
    expect(JSON.parse(events[0]?.data ?? '{}')).toEqual({ message });
    expect(await latest()).toMatchObject({ status: 'FAILED', error: message });
  });

  it('gives up on a model that does not answer in time', async () => {
    stub.state.mode = 'hang';
    const started = Date.now();
    const { response, events } = await askStreaming('Will it hold?');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(response.status).toBe(201);
    expect(events).toEqual([
      { event: 'error', data: JSON.stringify({ message: API_MESSAGES.analysis.modelTimeout }) },
    ]);
    expect(await latest()).toMatchObject({
      question: 'Will it hold?',
      status: 'FAILED',
      error: API_MESSAGES.analysis.modelTimeout,
    });
  });

  it('lets an organization have two questions with the model at once, and refuses a third', async () => {
    stub.state.mode = 'hang';
    const asked = stub.state.received.length;
    const waiting = [askStreaming('First?'), askStreaming('Second?')];
    await expect.poll(() => stub.state.received.length - asked).toBe(2);
    const third = await ask('Third?');
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ message: API_MESSAGES.analysis.busy(2) });
    expect(third.headers.get('retry-after')).toBe('5');
    // Another organization has places of its own.
    stub.state.mode = 'stream';
    const other = await askStreaming('Is the port open?', 'borealis');
    expect(other.response.status).toBe(201);
    // The two give up (the model never answers): their places are free again.
    await Promise.all(waiting);
    expect((await ask('Fourth?')).status).toBe(201);
  });
});
