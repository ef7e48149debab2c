import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { incidentSteps } from '../../test/incident-steps.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';
import { EventStreamParser, type ServerSentEvent } from '../analysis/sse.js';
import { INBOX_STREAMS_PER_USER } from './inbox-streams.js';
import { inboxRepository } from './inbox.repository.js';

/**
 * The inbox live: a member's open stream hears of each change to their threads, made by this
 * instance or another one on the same database, and of nothing else; it ends when their session
 * does, and never keeps the server from closing.
 */
let server: TestServer;
const steps = incidentSteps(() => server);
let organizationId = '';
const token = { admin: '', member: '', other: '' };
const ids = { member: '', other: '' };
let refreshToken = '';

beforeAll(async () => {
  // A heartbeat each second: a revoked session's stream ends within it.
  server = await startTestServer({ INBOX_STREAM_HEARTBEAT_SECONDS: '1' });
  organizationId = (await server.createOrganization('Stream Co')).id;
  const admin = await server.createUser({
    organizationId,
    email: 'admin@stream.example',
    adminRole: 'ADMIN',
  });
  token.admin = (await server.login(admin.email)).accessToken;
  for (const who of ['member', 'other'] as const) {
    const user = await server.createUser({
      organizationId,
      email: `${who}@stream.example`,
      adminRole: 'VIEWER',
    });
    ids[who] = user.id;
    const session = await server.login(user.email);
    token[who] = session.accessToken;
    if (who === 'member') refreshToken = session.refreshToken ?? '';
  }
}, 60_000);
afterAll(() => server.close());

type Bell = { unread: number; alertedAt: string | null };

/**
 * An open stream over a connection of its own (node:http, so that closing it surely closes the
 * socket, as a browser's tab does): the events read so far, and waits for them.
 */
/** Every stream a test opened, closed after it whether it passed or not. */
const opened: { close: () => void }[] = [];
afterEach(() => {
  for (const stream of opened.splice(0)) stream.close();
});

async function openStream(accessToken: string) {
  const events: ServerSentEvent[] = [];
  const parser = new EventStreamParser();
  let ended = false;
  const { request, response } = await new Promise<{
    request: http.ClientRequest;
    response: http.IncomingMessage;
  }>((resolve, reject) => {
    const request = http.get(
      `${server.url}/api/notifications/stream`,
      { headers: { authorization: `Bearer ${accessToken}`, 'accept-encoding': 'gzip, br' } },
      (response) => resolve({ request, response }),
    );
    request.on('error', reject);
  });
  response.on('data', (chunk: Buffer) => events.push(...parser.push(chunk)));
  response.on('close', () => (ended = true));
  response.on('error', () => (ended = true));
  const bells = () =>
    events
      .filter((event) => event.event === 'inbox')
      .map((event) => JSON.parse(event.data) as Bell);
  const stream = {
    status: response.statusCode,
    headers: response.headers,
    events,
    bells,
    get ended() {
      return ended;
    },
    /** Waits for the n-th bell (1-based) to arrive. */
    async bell(n: number, timeoutMs = 5_000): Promise<Bell> {
      const deadline = Date.now() + timeoutMs;
      while (bells().length < n) {
        if (Date.now() > deadline || ended)
          throw new Error(`bell ${n} did not come: ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return bells()[n - 1]!;
    },
    close() {
      request.destroy();
    },
  };
  opened.push(stream);
  return stream;
}

const record = (db: typeof server.database.db, userId: string, line: string) =>
  inboxRepository.record(
    db,
    [
      {
        organizationId,
        userId,
        incidentId: null,
        kind: 'INCIDENT_STATUS',
        severity: 'HIGH',
        priority: null,
        title: 'Port strike',
        line,
        link: null,
        alerted: false,
      },
    ],
    new Date(),
  );

describe('GET /api/notifications/stream', () => {
  it('needs a bearer token', async () => {
    expect((await server.request('GET', '/api/notifications/stream')).status).toBe(401);
  });

  it("sends the member's bell at once, after each change of theirs, and nothing of others'", async () => {
    const stream = await openStream(token.member);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    // Events leave as they happen: never through a compressor's buffer.
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(await stream.bell(1)).toEqual({ unread: 0, alertedAt: null });

    // Another member's change first, then the member's own: only the second reaches them.
    await record(server.database.db, ids.other, 'Not yours');
    const incidentId = await steps.createIncident(token.admin, {
      title: 'Strike at Westport',
      severity: 'HIGH',
      type: 'NATURAL_HAZARD',
    });
    // The new incident reaches their inbox; its assignment to them, their channels too (which
    // desktop alerts follow): the same thread, still one unread.
    await expect.poll(() => stream.bells().at(-1)?.unread).toBe(1);
    await steps.patchIncident(token.admin, incidentId, { assigneeId: ids.member });
    await expect.poll(() => stream.bells().at(-1)?.alertedAt ?? null).not.toBeNull();
    expect(stream.bells().at(-1)?.unread).toBe(1);
    // Never a bell for the other member's change.
    expect(
      stream
        .bells()
        .slice(1)
        .every((bell) => bell.unread === 1),
    ).toBe(true);

    // Read in another tab: this one's bell follows.
    const list = await server.request<{ data: { notifications: { id: string }[] } }>(
      'GET',
      '/api/notifications',
      { token: token.member },
    );
    const [thread] = list.body.data.notifications;
    expect(
      (
        await server.request('POST', `/api/notifications/${thread!.id}/read`, {
          token: token.member,
        })
      ).status,
    ).toBe(200);
    await expect.poll(() => stream.bells().at(-1)?.unread).toBe(0);
    stream.close();
  });

  it.runIf(process.env.MERIDIAN_TEST_DB === 'postgres')(
    "hears a change another instance commits, through the database's notifications",
    async () => {
      const stream = await openStream(token.other);
      const before = await stream.bell(1);
      const elsewhere = await openDatabase({ kind: 'postgres', url: server.databaseUrl! });
      try {
        await elsewhere.db.transaction((tx) => record(tx, ids.other, 'From another instance'));
      } finally {
        await elsewhere.close();
      }
      expect((await stream.bell(2)).unread).toBe(before.unread + 1);
      stream.close();
    },
  );

  it(`refuses a member's stream beyond ${INBOX_STREAMS_PER_USER} at once`, async () => {
    const open = await Promise.all(
      Array.from({ length: INBOX_STREAMS_PER_USER }, () => openStream(token.other)),
    );
    await Promise.all(open.map((stream) => stream.bell(1)));
    const refused = await server.request<{ message: string }>('GET', '/api/notifications/stream', {
      token: token.other,
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/live inbox streams open already/);
    open.forEach((stream) => stream.close());
    // Closed streams are counted out: a new one opens.
    await expect
      .poll(async () => {
        const again = await openStream(token.other);
        again.close();
        return again.status;
      })
      .toBe(200);
  });

  it('ends when the session is signed out', async () => {
    const stream = await openStream(token.member);
    await stream.bell(1);
    const out = await server.request('POST', '/api/auth/logout', {
      token: token.member,
      body: { refreshToken },
    });
    expect(out.status).toBe(200);
    await expect.poll(() => stream.ended, { timeout: 5_000 }).toBe(true);
    expect(stream.events.at(-1)?.event).toBe('end');
  });

  it('lets the server close while streams are open', async () => {
    const own = await startTestServer();
    const user = await own.createUser({
      organizationId: (await own.createOrganization('Closing Co')).id,
      email: 'closing@stream.example',
      adminRole: 'VIEWER',
    });
    const accessToken = (await own.login(user.email)).accessToken;
    const response = await fetch(`${own.url}/api/notifications/stream`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(response.status).toBe(200);
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    // The reader sees its stream end (and would reconnect to another instance).
    expect(await response.text()).toMatch(/^retry: \d+\n\n/);
  });
});
