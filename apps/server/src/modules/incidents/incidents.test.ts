import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type {
  GeoArea,
  IncidentListResponse,
  IncidentResponse,
  TimelineEntryResponse,
  TimelineResponse,
} from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, incidentEvents, incidents } from '../../db/schema.js';
import { OWNER_EMAIL, type TestServer, startTestServer } from '../../test/test-server.js';

let server: TestServer;
let acme: string;
let globex: string;
const token: Record<'manager' | 'viewer' | 'globexManager' | 'owner', string> = {
  manager: '',
  viewer: '',
  globexManager: '',
  owner: '',
};
let acmeViewerId = '';
let globexManagerId = '';

beforeAll(async () => {
  server = await startTestServer();
  acme = (await server.createOrganization('Acme Incidents')).id;
  globex = (await server.createOrganization('Globex Incidents')).id;
  await server.createUser({
    organizationId: acme,
    email: 'manager@acme.example',
    adminRole: 'MANAGER',
  });
  acmeViewerId = (await server.createUser({ organizationId: acme, email: 'viewer@acme.example' }))
    .id;
  globexManagerId = (
    await server.createUser({
      organizationId: globex,
      email: 'manager@globex.example',
      adminRole: 'MANAGER',
    })
  ).id;
  token.manager = (await server.login('manager@acme.example')).accessToken;
  token.viewer = (await server.login('viewer@acme.example')).accessToken;
  token.globexManager = (await server.login('manager@globex.example')).accessToken;
  token.owner = (await server.login(OWNER_EMAIL)).accessToken;
});
afterAll(() => server.close());

const create = (who: keyof typeof token, body: Record<string, unknown>) =>
  server.request<IncidentResponse>('POST', '/api/incidents', { token: token[who], body });
const patch = (who: keyof typeof token, id: string, body: Record<string, unknown>) =>
  server.request<IncidentResponse>('PATCH', `/api/incidents/${id}`, { token: token[who], body });
const timeline = async (who: keyof typeof token, id: string) =>
  (
    await server.request<TimelineResponse>('GET', `/api/incidents/${id}/timeline`, {
      token: token[who],
    })
  ).body.data.entries;
const tableCounts = async () => {
  const { db } = server.database;
  const [a] = await db.select({ n: count() }).from(incidents);
  const [b] = await db.select({ n: count() }).from(incidentEvents);
  const [c] = await db.select({ n: count() }).from(auditLog);
  return [a?.n, b?.n, c?.n];
};

describe('creating an incident', () => {
  it('answers 201 with the incident, its defaults and a CREATED entry on its timeline, audited', async () => {
    const response = await create('manager', {
      title: 'Strike at the Port of Antwerp',
      description: 'Dockers **walk out** for 48 h',
      severity: 'HIGH',
      type: 'STRIKE',
      location: { lat: 51.26, lng: 4.4, countryCode: 'BE' },
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Incident created');
    const incident = response.body.data.incident;
    expect(incident).toMatchObject({
      organizationId: acme,
      status: 'OPEN',
      type: 'STRIKE',
      source: 'MANUAL',
      affectedRadiusKm: 40,
      endsAt: null,
      resolvedAt: null,
    });
    expect(Date.parse(incident.startsAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const entries = await timeline('viewer', incident.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'CREATED',
      actor: { email: 'manager@acme.example' },
      changes: expect.arrayContaining([
        { field: 'status', from: null, to: 'OPEN' },
        { field: 'title', from: null, to: 'Strike at the Port of Antwerp' },
      ]) as unknown,
    });
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, incident.id));
    expect(audit?.action).toBe('incident.create');
  });

  it('keeps creation to MANAGERs and ADMINs, and global incidents to platform staff', async () => {
    expect((await create('viewer', { title: 'No', severity: 'LOW' })).status).toBe(403);
    const global = await create('manager', { title: 'No', severity: 'LOW', scope: 'GLOBAL' });
    expect(global.status).toBe(403);
    expect(global.body).toMatchObject({
      message: 'Only platform staff can create or change global incidents',
    });
    const byStaff = await create('owner', {
      title: 'Typhoon',
      severity: 'CRITICAL',
      scope: 'GLOBAL',
      type: 'WEATHER',
    });
    expect(byStaff.status).toBe(201);
    expect(byStaff.body.data.incident).toMatchObject({
      organizationId: null,
      affectedRadiusKm: 375,
    });
    // Customers read it in GLOBAL scope and cannot edit it.
    expect(
      (await patch('manager', byStaff.body.data.incident.id, { title: 'Mine now' })).status,
    ).toBe(403);
  });

  it('takes an area as a GeoJSON polygon and gives it back on the event', async () => {
    const area = {
      type: 'Polygon',
      coordinates: [
        [
          [4, 51],
          [5, 51],
          [5, 52],
          [4, 52],
          [4, 51],
        ],
      ],
    };
    const created = await create('manager', {
      title: 'Flood',
      severity: 'MEDIUM',
      type: 'WEATHER',
      area,
    });
    expect(created.status).toBe(201);
    const detail = await server.request<{ data: { incident: { area: unknown } } }>(
      'GET',
      `/api/atlas/events/${created.body.data.incident.id}`,
      { token: token.viewer },
    );
    expect(detail.body.data.incident.area).toEqual(area);

    // An area stored before self-crossing rings were refused still reads back.
    const bowTie: GeoArea = {
      type: 'Polygon',
      coordinates: [
        [
          [4, 51],
          [5, 52],
          [5, 51],
          [4, 52],
          [4, 51],
        ],
      ],
    };
    await server.database.db
      .update(incidents)
      .set({ area: bowTie })
      .where(eq(incidents.id, created.body.data.incident.id));
    const stored = await server.request<{ data: { incident: { area: unknown } } }>(
      'GET',
      `/api/atlas/events/${created.body.data.incident.id}`,
      { token: token.viewer },
    );
    expect(stored.status).toBe(200);
    expect(stored.body.data.incident.area).toEqual(bowTie);
  });
});

describe('bad input: a 4xx with a message, and nothing half-written', () => {
  it('refuses each kind of bad input without writing anything', async () => {
    const id = (await create('manager', { title: 'Target', severity: 'LOW' })).body.data.incident
      .id;
    const before = await tableCounts();
    const ring = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ];
    const huge = Array.from({ length: 10_001 }, (_, i) => [i / 10_000, Math.sin(i) / 10]);
    const cases: [string, () => ReturnType<typeof create>, number, RegExp][] = [
      [
        'unknown severity',
        () => create('manager', { title: 'x', severity: 'APOCALYPTIC' }),
        400,
        /severity/,
      ],
      [
        'unknown type',
        () => create('manager', { title: 'x', severity: 'LOW', type: 'ALIENS' }),
        400,
        /type/,
      ],
      [
        'open ring',
        () =>
          create('manager', {
            title: 'x',
            severity: 'LOW',
            area: { type: 'Polygon', coordinates: [ring] },
          }),
        400,
        /closed ring/,
      ],
      [
        'a ring that crosses itself (a bow-tie)',
        () =>
          create('manager', {
            title: 'x',
            severity: 'LOW',
            area: {
              type: 'Polygon',
              coordinates: [
                [
                  [4, 51],
                  [5, 52],
                  [5, 51],
                  [4, 52],
                  [4, 51],
                ],
              ],
            },
          }),
        400,
        /must not cross themselves or each other \(they cross at longitude 4\.5, latitude 51\.5\)/,
      ],
      [
        'too many vertices',
        () =>
          create('manager', {
            title: 'x',
            severity: 'LOW',
            area: { type: 'Polygon', coordinates: [[...huge, huge[0]]] },
          }),
        400,
        /at most 10000 vertices/,
      ],
      [
        'ends before it starts',
        () =>
          create('manager', {
            title: 'x',
            severity: 'LOW',
            startsAt: '2026-01-02T00:00:00Z',
            endsAt: '2026-01-01T00:00:00Z',
          }),
        400,
        /endsAt must not be before startsAt/,
      ],
      [
        'patch ends before the start',
        () => patch('manager', id, { endsAt: '2000-01-01T00:00:00Z' }),
        400,
        /endsAt must not be before startsAt/,
      ],
      [
        'assignee of another organization',
        () => patch('manager', id, { assigneeId: globexManagerId }),
        400,
        /assignee must be an active member/,
      ],
      [
        'transition that does not exist',
        () => patch('manager', id, { status: 'RESOLVED' }),
        409,
        /cannot go from OPEN to RESOLVED/,
      ],
      ['unknown field', () => patch('manager', id, { colour: 'red' }), 400, /unknown field/],
    ];
    for (const [name, send, status, message] of cases) {
      const response = await send();
      expect(response.status, name).toBe(status);
      expect((response.body as unknown as { message: string }).message, name).toMatch(message);
    }
    const longComment = await server.request('POST', `/api/incidents/${id}/comments`, {
      token: token.viewer,
      body: { body: 'x'.repeat(10_001) },
    });
    expect(longComment.status).toBe(400);
    const megabyte = await server.request('POST', `/api/incidents/${id}/comments`, {
      token: token.viewer,
      body: { body: 'x'.repeat(1024 * 1024) },
    });
    expect(megabyte.status).toBe(413);
    expect(await tableCounts()).toEqual(before);
  });
});

describe('working an incident', () => {
  it('moves OPEN → IN_PROGRESS → RESOLVED → OPEN (with a reason), each step on the timeline', async () => {
    const id = (
      await create('manager', {
        title: 'Customs backlog',
        severity: 'MEDIUM',
        type: 'BORDER_CUSTOMS',
      })
    ).body.data.incident.id;
    expect((await patch('manager', id, { status: 'IN_PROGRESS' })).body.data.incident.status).toBe(
      'IN_PROGRESS',
    );
    expect((await patch('manager', id, { status: 'OPEN' })).status).toBe(409);
    const resolved = await patch('manager', id, { status: 'RESOLVED' });
    expect(resolved.body.data.incident.resolvedAt).toBeTruthy();
    const noReason = await patch('manager', id, { status: 'OPEN' });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({
      message: 'reason: Say why the incident is reopened (reason)',
    });
    const reopened = await patch('manager', id, { status: 'OPEN', reason: 'Backlog is back' });
    expect(reopened.body.data.incident).toMatchObject({ status: 'OPEN', resolvedAt: null });
    const statuses = (await timeline('viewer', id))
      .filter((entry) => entry.kind === 'STATUS')
      .map((entry) => [entry.changes[0]?.from, entry.changes[0]?.to, entry.body]);
    expect(statuses).toEqual([
      ['OPEN', 'IN_PROGRESS', null],
      ['IN_PROGRESS', 'RESOLVED', null],
      ['RESOLVED', 'OPEN', 'Backlog is back'],
    ]);
  });

  it('records each changed field from → to, skips what did not change, and keeps a hand-set radius', async () => {
    const id = (
      await create('manager', { title: 'Quake', severity: 'HIGH', type: 'NATURAL_HAZARD' })
    ).body.data.incident.id;
    const changed = await patch('manager', id, {
      severity: 'CRITICAL',
      title: 'Quake',
      assigneeId: acmeViewerId,
    });
    expect(changed.body.data.incident).toMatchObject({
      severity: 'CRITICAL',
      affectedRadiusKm: 450,
      assignee: { email: 'viewer@acme.example' },
    });
    await patch('manager', id, { affectedRadiusKm: 120 });
    await patch('manager', id, { severity: 'LOW' });
    const nothing = await patch('manager', id, { title: 'Quake' });
    expect(nothing.status).toBe(200);
    const updates = (await timeline('viewer', id)).filter((entry) => entry.kind === 'UPDATED');
    expect(updates.map((entry) => entry.changes)).toEqual([
      [
        { field: 'severity', from: 'HIGH', to: 'CRITICAL' },
        { field: 'affectedRadiusKm', from: 300, to: 450 },
        { field: 'assigneeId', from: null, to: acmeViewerId },
      ],
      [{ field: 'affectedRadiusKm', from: 450, to: 120 }],
      [{ field: 'severity', from: 'CRITICAL', to: 'LOW' }],
    ]);
  });

  it('lets viewers comment; a comment on a global incident is read by its organization only', async () => {
    const global = (
      await create('owner', { title: 'Canal closed', severity: 'HIGH', scope: 'GLOBAL' })
    ).body.data.incident.id;
    const comment = await server.request<TimelineEntryResponse>(
      'POST',
      `/api/incidents/${global}/comments`,
      {
        token: token.viewer,
        body: { body: 'Our **3 containers** are on the *Ever Given*' },
      },
    );
    expect(comment.status).toBe(201);
    expect(comment.body.data.entry).toMatchObject({
      kind: 'COMMENT',
      body: 'Our **3 containers** are on the *Ever Given*',
    });
    expect((await timeline('manager', global)).map((entry) => entry.kind)).toEqual([
      'CREATED',
      'COMMENT',
    ]);
    expect((await timeline('globexManager', global)).map((entry) => entry.kind)).toEqual([
      'CREATED',
    ]);
  });

  it('keeps incidents as history: deleting is for platform staff, and only for feed duplicates', async () => {
    const manual = (await create('manager', { title: 'Keep me', severity: 'LOW' })).body.data
      .incident.id;
    expect(
      (await server.request('DELETE', `/api/incidents/${manual}`, { token: token.manager })).status,
    ).toBe(403);
    const asAcme = { 'x-act-as-organization': acme };
    const kept = await server.request('DELETE', `/api/incidents/${manual}`, {
      token: token.owner,
      headers: asAcme,
    });
    expect(kept.status).toBe(409);
    const [duplicate] = await server.database.db
      .insert(incidents)
      .values({
        organizationId: acme,
        title: 'Dup',
        severity: 'LOW',
        source: 'GDACS',
        sourceId: randomUUID(),
      })
      .returning();
    const removed = await server.request('DELETE', `/api/incidents/${duplicate?.id}`, {
      token: token.owner,
      headers: asAcme,
    });
    expect(removed.status).toBe(200);
  });
});

describe('the Events list at scale: pages, filters, polls', () => {
  let org: string;
  let reader: string;
  beforeAll(async () => {
    org = (await server.createOrganization(`Paged ${randomUUID().slice(0, 6)}`)).id;
    await server.createUser({ organizationId: org, email: 'reader@paged.example' });
    reader = (await server.login('reader@paged.example')).accessToken;
    const base = Date.parse('2026-06-01T00:00:00Z');
    const severities = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;
    await server.database.db.insert(incidents).values(
      Array.from({ length: 120 }, (_, i) => ({
        organizationId: org,
        title: i % 10 === 0 ? `Typhoon ${i}` : `Incident ${i}`,
        description: i % 7 === 0 ? 'Port of Rotterdam 100% closed' : null,
        severity: severities[i % 4] ?? 'LOW',
        status: i % 3 === 0 ? ('RESOLVED' as const) : ('OPEN' as const),
        type: i % 2 === 0 ? ('WEATHER' as const) : ('STRIKE' as const),
        // Several rows share a timestamp, down to the microsecond the cursor must keep.
        updatedAt: new Date(base + Math.floor(i / 3) * 60_000),
      })),
    );
  });
  const list = (query: string, headers: Record<string, string> = {}) =>
    server.request<IncidentListResponse>('GET', `/api/atlas/events?scope=ORG&${query}`, {
      token: reader,
      headers,
    });
  const everyPage = async (query: string, between?: () => Promise<void>) => {
    const ids: string[] = [];
    let cursor: string | null | undefined;
    do {
      const response = await list(
        `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(response.status).toBe(200);
      ids.push(...response.body.data.map((incident) => incident.id));
      cursor = response.body.page?.nextCursor;
      await between?.();
    } while (cursor);
    return ids;
  };

  it('pages through everything exactly once, newest first, stable while incidents are added', async () => {
    const all = (await list('limit=500')).body.data;
    expect(all).toHaveLength(120);
    const ids = await everyPage('limit=25', async () => {
      await create('owner', { title: 'Meanwhile', severity: 'LOW' }).catch(() => undefined);
      await server.database.db
        .insert(incidents)
        .values({ organizationId: org, title: 'Arrived meanwhile', severity: 'HIGH' });
    });
    const original = new Set(all.map((incident) => incident.id));
    const seen = ids.filter((id) => original.has(id));
    expect(seen).toEqual(all.map((incident) => incident.id));
  });

  it('sorts by severity, filters by severity, status, type, text and time', async () => {
    const bySeverity = (await list('limit=500&sort=severity')).body.data;
    const ranks = bySeverity.map((incident) =>
      ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'].indexOf(incident.severity),
    );
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(await everyPage('limit=7&sort=severity')).toEqual(
      bySeverity.map((incident) => incident.id),
    );
    const filtered = (await list('limit=500&severity=CRITICAL,HIGH&status=OPEN&type=WEATHER')).body
      .data;
    expect(filtered.length).toBeGreaterThan(0);
    for (const incident of filtered) {
      expect(['CRITICAL', 'HIGH']).toContain(incident.severity);
      expect(incident).toMatchObject({ status: 'OPEN', type: 'WEATHER' });
    }
    expect(
      (await list('limit=500&q=typhoon')).body.data.every((incident) =>
        incident.title.startsWith('Typhoon'),
      ),
    ).toBe(true);
    expect((await list('limit=500&q=100%25')).body.data.length).toBeGreaterThan(0);
    expect((await list('limit=500&q=50%25')).body.data).toHaveLength(0);
    const window = (await list('limit=500&from=2026-06-01T00:05:00Z&to=2026-06-01T00:09:00Z')).body
      .data;
    expect(window).toHaveLength(15);
  });

  it('refuses a cursor from another query, a limit over 500 and unknown filter values', async () => {
    const first = await list('limit=10&severity=LOW');
    const cursor = encodeURIComponent(first.body.page?.nextCursor ?? '');
    const other = await list(`limit=10&severity=HIGH&cursor=${cursor}`);
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({
      message: 'cursor belongs to another query: start again without it',
    });
    expect((await list('limit=501')).status).toBe(400);
    expect((await list('limit=10&status=CLOSED')).status).toBe(400);
  });

  it('answers an unchanged poll 304, a changed one 200, and updatedSince only the changes', async () => {
    const first = await list('limit=50');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toBeTruthy();
    expect((await list('limit=50', { 'if-none-match': etag })).status).toBe(304);
    const whole = await list('');
    const wholeTag = whole.headers.get('etag') ?? '';
    expect((await list('', { 'if-none-match': wholeTag })).status).toBe(304);

    const since = new Date().toISOString();
    const [changed] = await server.database.db
      .update(incidents)
      .set({ title: 'Changed now', updatedAt: new Date(Date.parse(since) + 1000) })
      .where(eq(incidents.id, first.body.data[5]?.id ?? ''))
      .returning();
    expect((await list('limit=50', { 'if-none-match': etag })).status).toBe(200);
    expect((await list('', { 'if-none-match': wholeTag })).status).toBe(200);
    const changes = (await list(`updatedSince=${encodeURIComponent(since)}`)).body.data;
    expect(changes.map((incident) => incident.id)).toEqual([changed?.id]);
  });
});
