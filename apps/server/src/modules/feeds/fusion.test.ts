import {
  FUSION_DEFAULTS,
  type FeedReportListResponse,
  type FeedReportSplitResponse,
  type FusionRules,
  type NotificationListResponse,
  type SourceResponse,
  type TimelineResponse,
  parseFusionRules,
} from '@meridian/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { alerts, auditLog, feedReports, incidents, sites } from '../../db/schema.js';
import { type FeedServer, startFeedServer } from '../../test/feed-server.js';
import { OWNER_EMAIL, type TestServer, startTestServer } from '../../test/test-server.js';
import type { FeedEvent } from './connectors/types.js';
import { type FeedSource, ingestFeed } from './ingest.js';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

let server: TestServer;
let feeds: FeedServer;
let owner: string;
let viewer: string;
let orgId: string;

beforeAll(async () => {
  server = await startTestServer({ WORKERS: '0', FEEDS_ALLOW_PRIVATE_URLS: '1' });
  feeds = await startFeedServer();
  owner = (await server.login(OWNER_EMAIL)).accessToken;
  const org = await server.createOrganization('Fusion Freight');
  orgId = org.id;
  await server.createUser({
    organizationId: org.id,
    email: 'admin@fusion.example',
    adminRole: 'ADMIN',
  });
  viewer = (await server.login('admin@fusion.example')).accessToken;
});
afterAll(async () => {
  await server.close();
  await feeds.close();
});

const AT = new Date('2026-11-20T03:10:00Z');
const minutes = (n: number) => new Date(AT.getTime() + n * 60_000);
/** A point `km` east of (lng, lat), along its parallel. */
const east = (lng: number, lat: number, km: number): [number, number] => [
  lng + km / (111.32 * Math.cos((lat * Math.PI) / 180)),
  lat,
];

let sequence = 0;
const event = (over: Partial<FeedEvent>): FeedEvent => ({
  sourceId: `event-${(sequence += 1)}`,
  title: `Event ${sequence}`,
  description: null,
  type: 'NATURAL_HAZARD',
  hazard: 'EARTHQUAKE',
  severity: 'LOW',
  lat: 0,
  lng: 0,
  countryCode: null,
  area: null,
  affectedRadiusKm: null,
  startsAt: AT,
  endsAt: null,
  closed: false,
  sourceUrl: null,
  ...over,
});

const ingest = (
  source: FeedSource,
  events: FeedEvent[],
  rules: FusionRules = FUSION_DEFAULTS,
  now = minutes(30),
) =>
  server.database.db.transaction((tx) =>
    ingestFeed(tx, source, { events, skipped: 0 }, false, now, rules),
  );
const incidentOf = async (source: string, sourceId: string) => {
  const [row] = await server.database.db
    .select({ incidentId: feedReports.incidentId })
    .from(feedReports)
    .where(and(eq(feedReports.source, source), eq(feedReports.sourceId, sourceId)));
  return row?.incidentId;
};

type Case = {
  name: string;
  second: (lng: number, lat: number) => Partial<FeedEvent>;
  first?: Partial<FeedEvent>;
  /** The second event comes from the first's own feed. */
  sameFeed?: boolean;
  rules?: FusionRules;
  /** The first incident is an organization's own (an API key's). */
  organizations?: boolean;
  /** The first incident is resolved before the second event arrives. */
  resolved?: boolean;
  one: boolean;
};

const CASES: Case[] = [
  {
    name: 'an earthquake 2 min and 30 km apart',
    second: (lng, lat) => ({ startsAt: minutes(2), ...at(east(lng, lat, 30)) }),
    one: true,
  },
  {
    name: 'an earthquake 9 min and 95 km apart (inside both limits)',
    second: (lng, lat) => ({ startsAt: minutes(-9), ...at(east(lng, lat, 95)) }),
    one: true,
  },
  {
    name: 'earthquakes 20 min apart (past 10 min)',
    second: (lng, lat) => ({ startsAt: minutes(20), ...at([lng, lat]) }),
    one: false,
  },
  {
    name: 'earthquakes 150 km apart (past 100 km)',
    second: (lng, lat) => ({ startsAt: minutes(1), ...at(east(lng, lat, 150)) }),
    one: false,
  },
  {
    name: 'an earthquake and a flood at one place and time',
    second: (lng, lat) => ({ hazard: 'FLOOD', ...at([lng, lat]) }),
    one: false,
  },
  {
    name: 'an event whose hazard no feed named (a warning)',
    first: { hazard: null },
    second: (lng, lat) => ({ hazard: null, ...at([lng, lat]) }),
    one: false,
  },
  {
    name: "one feed's two events, however near",
    sameFeed: true,
    second: (lng, lat) => ({ ...at([lng, lat]) }),
    one: false,
  },
  {
    name: 'a cyclone first advised 2 days and 300 km apart',
    first: { type: 'WEATHER', hazard: 'TROPICAL_CYCLONE' },
    second: (lng, lat) => ({
      type: 'WEATHER',
      hazard: 'TROPICAL_CYCLONE',
      startsAt: minutes(48 * 60),
      ...at(east(lng, lat, 300)),
    }),
    one: true,
  },
  {
    name: 'any events with fusion off (FEED_FUSION=off)',
    rules: parseFusionRules('off'),
    second: (lng, lat) => ({ ...at([lng, lat]) }),
    one: false,
  },
  {
    name: 'earthquakes 30 km apart when FEED_FUSION narrows them to 20 km',
    rules: parseFusionRules('EARTHQUAKE=10m/20km'),
    second: (lng, lat) => ({ ...at(east(lng, lat, 30)) }),
    one: false,
  },
  {
    name: 'an event like a resolved incident',
    resolved: true,
    second: (lng, lat) => ({ ...at([lng, lat]) }),
    one: false,
  },
  {
    name: "an event like an organization's own incident (an API key's)",
    organizations: true,
    second: (lng, lat) => ({ ...at([lng, lat]) }),
    one: false,
  },
  {
    name: 'earthquakes 20 km apart across the antimeridian',
    first: { lng: 179.95 },
    second: (_lng, lat) => ({ ...at(east(-179.95, lat, 5)) }),
    one: true,
  },
];

function at([lng, lat]: [number, number]) {
  return { lng, lat };
}

describe('one incident per real event (fusion)', () => {
  // Each case 7° of latitude from the next: beyond every hazard's distance.
  it.each(CASES.map((c, i) => [c.name, c, -65 + i * 7] as const))('%s', async (_name, c, lat) => {
    const lng = c.first?.lng ?? 10;
    const a: FeedSource = {
      key: `A-${lat}`,
      name: 'Feed A',
      ...(c.organizations ? { organizationId: orgId } : {}),
    };
    const b: FeedSource = c.sameFeed ? a : { key: `B-${lat}`, name: 'Feed B' };
    const first = event({ lat, ...c.first, lng });
    await ingest(a, [first], c.rules);
    const firstIncident = await incidentOf(a.key, first.sourceId);
    if (c.resolved) {
      await server.database.db
        .update(incidents)
        .set({ status: 'RESOLVED' })
        .where(eq(incidents.id, firstIncident!));
    }
    const second = event({ lat, ...c.first, ...c.second(lng, lat) });
    const result = await ingest(b, c.sameFeed ? [first, second] : [second], c.rules);
    const secondIncident = await incidentOf(b.key, second.sourceId);
    expect(secondIncident).toBeDefined();
    expect(secondIncident === firstIncident).toBe(c.one);
    expect(result.merged).toBe(c.one ? 1 : 0);
    expect(result.created).toBe(c.one ? 0 : 1);
  });

  it.runIf(process.env.MERIDIAN_TEST_DB === 'postgres')(
    'makes one incident when two instances take two feeds of one event at the same moment',
    async () => {
      const other = await openDatabase({ kind: 'postgres', url: server.databaseUrl! });
      try {
        const place = { lat: 61, lng: -150 };
        const a: FeedSource = { key: 'race-A', name: 'Feed A' };
        const b: FeedSource = { key: 'race-B', name: 'Feed B' };
        const first = event({ ...place, title: 'M 6.4 - Alaska' });
        const second = event({ ...at(east(place.lng, place.lat, 20)), startsAt: minutes(1) });
        // Both instances read what is known while neither can write yet (a third transaction
        // holds the incidents table against writes): without the feeds' lock each would find no
        // incident to join and make its own.
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let held!: () => void;
        const holding = new Promise<void>((resolve) => (held = resolve));
        const blocker = server.database.db.transaction(async (tx) => {
          await tx.execute(sql`lock table ${incidents} in exclusive mode`);
          held();
          await released;
        });
        await holding;
        const racing = Promise.all([
          ingest(a, [first]),
          other.db.transaction((tx) =>
            ingestFeed(
              tx,
              b,
              { events: [second], skipped: 0 },
              false,
              minutes(30),
              FUSION_DEFAULTS,
            ),
          ),
        ]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        release();
        await blocker;
        const results = await racing;
        expect(results.map((result) => result.created).sort()).toEqual([0, 1]);
        expect(results.map((result) => result.merged).sort()).toEqual([0, 1]);
        const one = await incidentOf(a.key, first.sourceId);
        expect(one).toBeDefined();
        expect(await incidentOf(b.key, second.sourceId)).toBe(one);
      } finally {
        await other.close();
      }
    },
  );

  it('reads FEED_FUSION, and refuses what it cannot read', () => {
    expect(parseFusionRules(undefined)).toEqual(FUSION_DEFAULTS);
    expect(parseFusionRules('FLOOD=off, earthquake=2h/50km')).toMatchObject({
      EARTHQUAKE: { minutes: 120, km: 50 },
    });
    expect(parseFusionRules('FLOOD=off').FLOOD).toBeUndefined();
    expect(() => parseFusionRules('QUAKE=1m/1km')).toThrow(/unknown hazard "QUAKE"/);
    expect(() => parseFusionRules('EARTHQUAKE=10/100')).toThrow(/EARTHQUAKE=10m\/100km/);
  });

  it('takes the highest severity of the live reports, and resolves when every feed is done', async () => {
    const a: FeedSource = { key: 'sev-A', name: 'Feed A' };
    const b: FeedSource = { key: 'sev-B', name: 'Feed B' };
    const place = { lat: 40, lng: -30 };
    const first = event({ ...place, severity: 'LOW' });
    await ingest(a, [first]);
    const id = (await incidentOf(a.key, first.sourceId))!;
    const second = event({ ...place, severity: 'CRITICAL', startsAt: minutes(1) });
    const joined = await ingest(b, [second]);
    expect(joined).toMatchObject({ merged: 1, touched: [id] });
    const severity = async () =>
      (await server.database.db.select().from(incidents).where(eq(incidents.id, id)))[0];
    expect((await severity())?.severity).toBe('CRITICAL');

    // Feed A raises its own to MEDIUM: still CRITICAL; feed B lowers to HIGH: HIGH.
    await ingest(a, [{ ...first, severity: 'MEDIUM' }]);
    expect((await severity())?.severity).toBe('CRITICAL');
    await ingest(b, [{ ...second, severity: 'HIGH' }]);
    expect((await severity())?.severity).toBe('HIGH');

    // Feed A closes it: another feed still reports it, so it stays open.
    await ingest(a, [{ ...first, closed: true }]);
    expect((await severity())?.status).toBe('OPEN');
    await ingest(b, [{ ...second, severity: 'HIGH', closed: true }]);
    expect((await severity())?.status).toBe('RESOLVED');
  });
});

describe('three feeds, one earthquake', () => {
  // The USGS document is as captured; one event of the EMSC and GDACS documents (captured and
  // written from the GDACS format, see fixtures/README.md) is moved onto USGS's M 2.8 south of
  // Pāhala, Hawaii, as those agencies report one quake: seconds and kilometres apart.
  const QUAKE = { id: 'hv75005267', lng: -155.482666015625, lat: 19.1690006256104 };
  const QUAKE_TIME = 1784603163950;
  let incidentId = '';

  async function addAndPoll(kind: 'USGS' | 'EMSC' | 'GDACS', body: string) {
    feeds.set(`/three/${kind}`, { body });
    const response = await server.request<SourceResponse>('POST', '/api/admin/sources', {
      token: owner,
      body: { kind, name: kind, url: feeds.url(`/three/${kind}`) },
    });
    expect(response.status).toBe(201);
    await server.app.feedPoller.runDue();
    // Exposure recomputes and alert deliveries the poll queued.
    await server.app.jobWorker.runDue();
    return response.body.data.source;
  }

  it('makes one incident listing each feed, at the highest severity, with no second incident', async () => {
    // A supplier 5 km from the quake, of the organization whose admin reads the alerts.
    await server.database.db.insert(sites).values({
      organizationId: orgId,
      name: 'Pāhala Mill',
      ...at(east(QUAKE.lng, QUAKE.lat, 5)),
    });
    const usgs = await addAndPoll('USGS', fixture('usgs-2.5_day-2026-07-21.geojson'));
    incidentId = (await incidentOf(usgs.key, QUAKE.id))!;
    expect(incidentId).toBeDefined();

    const emsc = JSON.parse(fixture('emsc-fdsn-event-2021-05-02.json')) as {
      features: { geometry: { coordinates: number[] }; properties: Record<string, unknown> }[];
    };
    const [lng, lat] = east(QUAKE.lng, QUAKE.lat, 8);
    emsc.features[0]!.geometry.coordinates = [lng, lat, -10];
    Object.assign(emsc.features[0]!.properties, {
      lon: lng,
      lat,
      time: new Date(QUAKE_TIME + 20_000).toISOString(),
      flynn_region: 'HAWAII',
    });
    const emscSource = await addAndPoll('EMSC', JSON.stringify(emsc));

    const gdacs = JSON.parse(fixture('gdacs-events4app.geojson')) as {
      features: { geometry: { coordinates: number[] }; properties: Record<string, unknown> }[];
    };
    const quake = gdacs.features.find((feature) => feature.properties.eventtype === 'EQ')!;
    quake.geometry.coordinates = east(QUAKE.lng, QUAKE.lat, 15);
    quake.properties.fromdate = new Date(QUAKE_TIME + 60_000).toISOString().slice(0, 19);
    quake.properties.name = 'Earthquake in United States';
    const gdacsSource = await addAndPoll('GDACS', JSON.stringify(gdacs));

    const reports = await server.request<FeedReportListResponse>(
      'GET',
      `/api/incidents/${incidentId}/feed-reports`,
      { token: viewer },
    );
    expect(reports.status).toBe(200);
    expect(reports.body.data.reports.map((report) => [report.sourceName, report.primary])).toEqual([
      ['USGS', true],
      ['EMSC', false],
      ['GDACS', false],
    ]);
    expect(reports.body.data.reports[2]).toMatchObject({ severity: 'HIGH', hazard: 'EARTHQUAKE' });
    // GDACS's Orange alert is the highest: the incident takes it; the title stays USGS's.
    const [row] = await server.database.db
      .select()
      .from(incidents)
      .where(eq(incidents.id, incidentId));
    expect(row).toMatchObject({ severity: 'HIGH', title: 'M 2.8 - 3 km S of Pāhala, Hawaii' });
    // No second or third incident of the quake.
    const of = async (key: string) =>
      server.database.db.select().from(incidents).where(eq(incidents.source, key));
    expect((await of(emscSource.key)).length).toBe(0);
    expect((await of(gdacsSource.key)).filter((r) => r.type === 'NATURAL_HAZARD').length).toBe(0);

    const timeline = await server.request<TimelineResponse>(
      'GET',
      `/api/incidents/${incidentId}/timeline`,
      { token: viewer },
    );
    expect(timeline.body.data.entries.map((entry) => entry.body).filter(Boolean)).toEqual(
      expect.arrayContaining([
        'Reported by USGS',
        'Also reported by EMSC',
        'Also reported by GDACS',
      ]),
    );

    // The organization was alerted once of the exposure and once of the severity GDACS
    // raised; the reports joining said nothing more. USGS's first poll brought a day of events
    // at once: its member heard of the exposure in that poll's one summary, and of the
    // escalation in the incident's own thread.
    const raised = await server.database.db
      .select({ kind: alerts.kind, severity: alerts.severity })
      .from(alerts)
      .where(and(eq(alerts.organizationId, orgId), eq(alerts.incidentId, incidentId)))
      .orderBy(alerts.createdAt);
    expect(raised).toEqual([
      { kind: 'EXPOSURE_NEW', severity: 'LOW' },
      { kind: 'EXPOSURE_ESCALATED', severity: 'HIGH' },
    ]);
    const notifications = await server.request<NotificationListResponse>(
      'GET',
      '/api/notifications?limit=50',
      { token: viewer },
    );
    expect(
      notifications.body.data.notifications
        .filter((notification) => notification.incidentId === incidentId)
        .map(({ kind, severity, updates }) => ({ kind, severity, updates })),
    ).toEqual([{ kind: 'EXPOSURE_ESCALATED', severity: 'HIGH', updates: 1 }]);
    expect(
      notifications.body.data.notifications
        .filter((notification) => notification.kind === 'EXPOSURE_SUMMARY')
        .map((notification) => notification.title),
    ).toEqual([expect.stringMatching(/^New exposure: \d+ events from /)]);

    // Polled again unchanged: nothing new, and the EMSC report does not make an incident.
    feeds.set(`/three/EMSC`, { body: JSON.stringify(emsc), etag: '"again"' });
    await server.request('POST', `/api/admin/sources/${emscSource.id}/poll`, { token: owner });
    await server.app.feedPoller.runDue();
    expect((await of(emscSource.key)).length).toBe(0);
  });

  it('lets a platform admin split a wrong fusion, audited; the feed then updates its own', async () => {
    const reports = await server.request<FeedReportListResponse>(
      'GET',
      `/api/incidents/${incidentId}/feed-reports`,
      { token: owner },
    );
    const [first, emsc, gdacs] = reports.body.data.reports;

    // Not by an organization's admin; not the report that made the incident.
    const refused = await server.request(
      'POST',
      `/api/incidents/${incidentId}/feed-reports/${gdacs!.id}/split`,
      { token: viewer },
    );
    expect(refused.status).toBe(403);
    const primary = await server.request<{ message: string }>(
      'POST',
      `/api/incidents/${incidentId}/feed-reports/${first!.id}/split`,
      { token: owner },
    );
    expect(primary.status).toBe(409);
    expect(primary.body.message).toBe(
      'The first report is the incident itself: split the others from it',
    );
    const unknown = await server.request(
      'POST',
      `/api/incidents/${incidentId}/feed-reports/${crypto.randomUUID()}/split`,
      { token: owner },
    );
    expect(unknown.status).toBe(404);

    const split = await server.request<FeedReportSplitResponse>(
      'POST',
      `/api/incidents/${incidentId}/feed-reports/${gdacs!.id}/split`,
      { token: owner },
    );
    expect(split.status).toBe(201);
    expect(split.body.message).toBe('Report split into an incident of its own');
    const newId = split.body.data.incidentId;
    const rowOf = async (id: string) =>
      (await server.database.db.select().from(incidents).where(eq(incidents.id, id)))[0];
    // The GDACS event as GDACS gave it; the incident left takes the highest severity left.
    expect(await rowOf(newId)).toMatchObject({
      title: 'Earthquake in United States',
      severity: 'HIGH',
      status: 'OPEN',
    });
    expect((await rowOf(incidentId))?.severity).toBe('LOW');
    const left = await server.request<FeedReportListResponse>(
      'GET',
      `/api/incidents/${incidentId}/feed-reports`,
      { token: owner },
    );
    expect(left.body.data.reports.map((report) => report.id)).toEqual([first!.id, emsc!.id]);
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'incident.split'));
    expect(audit).toMatchObject({ targetId: incidentId, after: { incidentId: newId } });

    // GDACS's next document updates the split incident, and does not fuse it back.
    const document = JSON.parse(fixture('gdacs-events4app.geojson')) as {
      features: { geometry: { coordinates: number[] }; properties: Record<string, unknown> }[];
    };
    const quake = document.features.find((feature) => feature.properties.eventtype === 'EQ')!;
    quake.geometry.coordinates = east(QUAKE.lng, QUAKE.lat, 15);
    quake.properties.fromdate = new Date(QUAKE_TIME + 60_000).toISOString().slice(0, 19);
    quake.properties.name = 'Earthquake in United States';
    quake.properties.alertlevel = 'Red';
    quake.properties.episodealertlevel = 'Red';
    const [gdacsSource] = (
      await server.request<{ data: { sources: { id: string; kind: string }[] } }>(
        'GET',
        '/api/admin/sources',
        { token: owner },
      )
    ).body.data.sources.filter((source) => source.kind === 'GDACS');
    feeds.set('/three/GDACS', { body: JSON.stringify(document), etag: '"red"' });
    await server.request('POST', `/api/admin/sources/${gdacsSource!.id}/poll`, { token: owner });
    await server.app.feedPoller.runDue();
    expect((await rowOf(newId))?.severity).toBe('CRITICAL');
    expect((await rowOf(incidentId))?.severity).toBe('LOW');
  });
});
