import type {
  IncidentDetailResponse,
  IncidentResponse,
  Source,
  SourceResponse,
  TimelineResponse,
} from '@meridian/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { auditLog, incidents, jobs, sources } from '../../db/schema.js';
import { backgroundWork } from '../../jobs/background.js';
import { FeedPoller } from './feeds.poller.js';
import { type FeedServer, startFeedServer } from '../../test/feed-server.js';
import { OWNER_EMAIL, type TestServer, startTestServer } from '../../test/test-server.js';
import { pointInArea } from '../../lib/geo/area.js';
import { FeedReader } from './feed-reader.js';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
type Features = { features: { id?: string; properties: Record<string, unknown> }[] };
const edit = (name: string, change: (document: Features) => void): string => {
  const document = JSON.parse(fixture(name)) as Features;
  change(document);
  return JSON.stringify(document);
};
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

let server: TestServer;
let feeds: FeedServer;
let owner: string;
let viewer: string;

beforeAll(async () => {
  server = await startTestServer({
    WORKERS: '0',
    FEED_TIMEOUT_SECONDS: '1',
    FEED_MAX_MB: '1',
    FEEDS_ALLOW_PRIVATE_URLS: '1',
    // Each test adds its own sources of the same documents: one feed's rules, not fusion
    // (fusion.test.ts), are tested here.
    FEED_FUSION: 'off',
  });
  feeds = await startFeedServer();
  owner = (await server.login(OWNER_EMAIL)).accessToken;
  const org = await server.createOrganization('Acme Freight');
  await server.createUser({
    organizationId: org.id,
    email: 'admin@acme.example',
    adminRole: 'ADMIN',
  });
  viewer = (await server.login('admin@acme.example')).accessToken;
});
afterAll(async () => {
  await server.close();
  await feeds.close();
});

async function addSource(kind: Source['kind'], path: string, name = `${kind} ${path}`) {
  const response = await server.request<SourceResponse>('POST', '/api/admin/sources', {
    token: owner,
    body: { kind, name, url: feeds.url(path) },
  });
  expect(response.status).toBe(201);
  return response.body.data.source;
}
const source = async (id: string) =>
  (await server.request<SourceResponse>('GET', `/api/admin/sources/${id}`, { token: owner })).body
    .data.source;
/** Asks for a poll now, as the screen's button does, and runs this instance's poller. */
async function pollNow(id: string) {
  expect(
    (await server.request('POST', `/api/admin/sources/${id}/poll`, { token: owner })).status,
  ).toBe(202);
  return server.app.feedPoller.runDue();
}
const incidentsOf = (key: string) =>
  server.database.db
    .select()
    .from(incidents)
    .where(eq(incidents.source, key))
    .orderBy(asc(incidents.sourceId));
const incidentOf = async (key: string, sourceId: string) => {
  const [row] = await server.database.db
    .select()
    .from(incidents)
    .where(and(eq(incidents.source, key), eq(incidents.sourceId, sourceId)));
  return row!;
};
const timeline = async (id: string) =>
  (
    await server.request<TimelineResponse>('GET', `/api/incidents/${id}/timeline`, {
      token: owner,
    })
  ).body.data.entries;

describe('hazard feeds', () => {
  it('turns a first document into global incidents, each with its creation on the timeline', async () => {
    feeds.set('/usgs/first', { body: fixture('usgs-4.5_day.geojson') });
    const usgs = await addSource('USGS', '/usgs/first', 'USGS quakes');
    expect(await server.app.feedPoller.runDue()).toBe(1);

    const rows = await incidentsOf(usgs.key);
    expect(rows.map((row) => [row.sourceId, row.severity, row.status])).toEqual([
      ['us7000r1a0', 'LOW', 'OPEN'],
      ['us7000r1a1', 'HIGH', 'OPEN'],
    ]);
    expect(rows[1]).toMatchObject({ organizationId: null, lat: 22.47, lng: 120.45 });
    // Customers see them in the global scope.
    const global = await server.request<{ data: { title: string }[] }>(
      'GET',
      '/api/atlas/events?scope=GLOBAL',
      { token: viewer },
    );
    expect(global.body.data.map((event) => event.title)).toContain(
      'M 6.8 - 24 km SE of Kaohsiung, Taiwan',
    );
    const [created] = await timeline(rows[1]!.id);
    expect(created).toMatchObject({ kind: 'CREATED', actor: null, via: 'USGS quakes' });
    expect(created?.body).toBe('Reported by USGS quakes');
    // Their exposure is computed in the background.
    const queued = await server.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, 'exposure.incident'));
    expect(queued.map((job) => job.key)).toEqual(expect.arrayContaining(rows.map((row) => row.id)));

    expect(await source(usgs.id)).toMatchObject({
      failures: 0,
      lastError: null,
      itemCount: 2,
      incidentCount: 2,
    });
    expect((await source(usgs.id)).lastSuccessAt).not.toBeNull();
    // Polled: not due again until its interval has passed.
    expect(await server.app.feedPoller.runDue()).toBe(0);
    expect(feeds.hits('/usgs/first')).toBe(1);
  });

  it('updates what the feed revised with a timeline entry, and resolves what it withdrew', async () => {
    feeds.set('/usgs/revised', { body: fixture('usgs-4.5_day.geojson') });
    const usgs = await addSource('USGS', '/usgs/revised');
    await server.app.feedPoller.runDue();
    feeds.set('/usgs/revised', {
      body: edit('usgs-4.5_day.geojson', (document) => {
        const [taiwan, fiji] = document.features;
        Object.assign(taiwan!.properties, {
          mag: 7.1,
          alert: 'red',
          title: 'M 7.1 - 24 km SE of Kaohsiung, Taiwan',
        });
        fiji!.properties.status = 'deleted';
      }),
    });
    await pollNow(usgs.id);

    const taiwan = await incidentOf(usgs.key, 'us7000r1a1');
    expect(taiwan).toMatchObject({
      severity: 'CRITICAL',
      title: 'M 7.1 - 24 km SE of Kaohsiung, Taiwan',
    });
    const updated = (await timeline(taiwan.id)).find((entry) => entry.kind === 'UPDATED');
    expect(updated?.via).toBe(usgs.name);
    expect(updated?.changes).toEqual(
      expect.arrayContaining([
        { field: 'severity', from: 'HIGH', to: 'CRITICAL' },
        {
          field: 'title',
          from: 'M 6.8 - 24 km SE of Kaohsiung, Taiwan',
          to: 'M 7.1 - 24 km SE of Kaohsiung, Taiwan',
        },
      ]),
    );
    const fiji = await incidentOf(usgs.key, 'us7000r1a0');
    expect(fiji.status).toBe('RESOLVED');
    expect(fiji.resolvedAt).not.toBeNull();
    const closed = (await timeline(fiji.id)).find((entry) => entry.kind === 'STATUS');
    expect(closed).toMatchObject({ body: `Closed by ${usgs.name}`, via: usgs.name });

    // The same document again changes nothing and writes nothing.
    const entries = (await timeline(taiwan.id)).length;
    await pollNow(usgs.id);
    expect((await timeline(taiwan.id)).length).toBe(entries);
  });

  it("never overwrites a person's edit: the feed's news goes on the timeline instead", async () => {
    feeds.set('/usgs/edited', { body: fixture('usgs-4.5_day.geojson') });
    const usgs = await addSource('USGS', '/usgs/edited');
    await server.app.feedPoller.runDue();
    const taiwan = await incidentOf(usgs.key, 'us7000r1a1');
    const edited = await server.request('PATCH', `/api/incidents/${taiwan.id}`, {
      token: owner,
      body: { severity: 'MEDIUM', status: 'IN_PROGRESS' },
    });
    expect(edited.status).toBe(200);

    feeds.set('/usgs/edited', {
      body: edit('usgs-4.5_day.geojson', (document) => {
        Object.assign(document.features[0]!.properties, {
          alert: 'red',
          place: '30 km SE of Kaohsiung, Taiwan',
          status: 'deleted',
        });
      }),
    });
    await pollNow(usgs.id);
    const after = await incidentOf(usgs.key, 'us7000r1a1');
    // The person's severity and status stand; what they did not touch follows the feed.
    expect(after).toMatchObject({ severity: 'MEDIUM', status: 'IN_PROGRESS' });
    expect(after.description).toContain('30 km SE of Kaohsiung');
    const notes = (await timeline(taiwan.id)).filter(
      (entry) => entry.kind === 'COMMENT' && entry.via === usgs.name,
    );
    expect(notes.map((note) => note.body)).toEqual([
      `${usgs.name} now reports severity: "CRITICAL". The value a person set is kept.`,
      `${usgs.name} reports this event is over; the status a person set is kept.`,
    ]);
  });

  it('asks again with the ETag it was given, and a 304 changes nothing', async () => {
    feeds.set('/gdacs', { body: fixture('gdacs-events4app.geojson'), etag: '"v1"' });
    const gdacs = await addSource('GDACS', '/gdacs');
    await server.app.feedPoller.runDue();
    const rows = await incidentsOf(gdacs.key);
    // The flood was over before Meridian saw it: history, not an incident.
    expect(rows.map((row) => row.sourceId)).toEqual(['EQ1500101', 'TC1001190']);
    expect(rows[1]?.area?.type).toBe('Polygon');
    expect(rows[1]?.countryCode).toBe('CN');

    await pollNow(gdacs.id);
    expect(feeds.lastHeaders('/gdacs')['if-none-match']).toBe('"v1"');
    expect(feeds.hits('/gdacs')).toBe(2);
    expect(await incidentsOf(gdacs.key)).toEqual(rows);
    expect((await source(gdacs.id)).failures).toBe(0);
  });

  it('resolves alerts that leave a snapshot feed or pass their end', async () => {
    const current = (document: Features) => {
      for (const feature of document.features) {
        feature.properties.effective = hoursFromNow(-2);
        feature.properties.onset = hoursFromNow(-2);
        feature.properties.expires = hoursFromNow(6);
        feature.properties.ends = null;
      }
    };
    feeds.set('/nws', { body: edit('nws-alerts-active.geojson', current) });
    const nws = await addSource('NWS', '/nws');
    await server.app.feedPoller.runDue();
    expect((await incidentsOf(nws.key)).map((row) => row.status)).toEqual(['OPEN', 'OPEN']);
    expect((await source(nws.id)).itemCount).toBe(2);

    feeds.set('/nws', {
      body: edit('nws-alerts-active.geojson', (document) => {
        current(document);
        document.features.shift(); // the hurricane warning is lifted
        document.features[0]!.properties.expires = hoursFromNow(-1); // the flood warning ran out
      }),
    });
    await pollNow(nws.id);
    const [flood, hurricane] = await incidentsOf(nws.key);
    expect(hurricane?.sourceId).toContain('hurricane');
    expect(hurricane?.status).toBe('RESOLVED');
    expect(flood?.status).toBe('RESOLVED');
    const reasons = [...(await timeline(hurricane!.id)), ...(await timeline(flood!.id))].filter(
      (entry) => entry.kind === 'STATUS',
    );
    expect(reasons.map((entry) => entry.body)).toEqual([
      `No longer listed by ${nws.name}`,
      expect.stringMatching(/^Ended /),
    ]);
  });

  it('reads EONET, leaving out events already closed', async () => {
    feeds.set('/eonet', { body: fixture('eonet-events.geojson') });
    const eonet = await addSource('EONET', '/eonet');
    await server.app.feedPoller.runDue();
    expect((await incidentsOf(eonet.key)).map((row) => [row.sourceId, row.severity])).toEqual([
      ['EONET_9101', 'HIGH'],
      ['EONET_9102', 'MEDIUM'],
    ]);
  });

  it.each([
    ['an error status', { status: 500, body: 'oops' }, 'HTTP 500 Internal Server Error'],
    ['no answer in time', { body: '{}', delayMs: 3000 }, 'no answer within 1 s'],
    ['malformed JSON', { body: '{"type":"FeatureCollection","features":[' }, 'malformed JSON'],
    [
      'a document too large',
      { body: `{"pad":"${'x'.repeat(2 * 1024 * 1024)}"}` },
      'document too large',
    ],
  ])(
    'leaves the incidents as they were after %s, shows the error and backs off',
    async (_, answer, error) => {
      const path = `/broken/${encodeURIComponent(error)}`;
      feeds.set(path, { body: fixture('usgs-4.5_day.geojson') });
      const usgs = await addSource('USGS', path);
      await server.app.feedPoller.runDue();
      const before = await incidentsOf(usgs.key);
      expect(before).toHaveLength(2);

      feeds.set(path, answer);
      await pollNow(usgs.id);
      const failed = await source(usgs.id);
      expect(failed.lastError).toContain(error);
      expect(failed.failures).toBe(1);
      expect(await incidentsOf(usgs.key)).toEqual(before);
      // Retried after 30 s, then 60 s: failures come further apart.
      const delay = (at: string) => Date.parse(at) - Date.now();
      expect(delay(failed.nextPollAt)).toBeGreaterThan(25_000);
      expect(delay(failed.nextPollAt)).toBeLessThanOrEqual(30_000);
      await pollNow(usgs.id);
      const again = await source(usgs.id);
      expect(again.failures).toBe(2);
      expect(delay(again.nextPollAt)).toBeGreaterThan(55_000);
      // Once the feed is back, the source is healthy again.
      feeds.set(path, { body: fixture('usgs-4.5_day.geojson') });
      await pollNow(usgs.id);
      expect(await source(usgs.id)).toMatchObject({ failures: 0, itemCount: 2 });
    },
  );

  it("places a zone-only alert by its zones' shapes, read from the feed's own server", async () => {
    const current = (document: Features) => {
      for (const feature of document.features) {
        feature.properties.effective = hoursFromNow(-1);
        feature.properties.onset = hoursFromNow(-1);
        feature.properties.expires = hoursFromNow(3);
        feature.properties.ends = null;
      }
    };
    feeds.set('/zones-feed/alerts', { body: edit('nws-alerts-active.geojson', current) });
    const nws = await addSource('NWS', '/zones-feed/alerts');
    // The zone is not served yet: the alert waits (skipped), the others are written.
    await server.app.feedPoller.runDue();
    expect(await incidentsOf(nws.key)).toHaveLength(2);

    // The document names https://api.weather.gov/zones/…: the path is read from the source's
    // own server, so a document cannot send the reader anywhere else.
    feeds.set('/zones/county/TXC113', { body: fixture('nws-zone-TXC113.geojson') });
    await pollNow(nws.id);
    const tornado = (await incidentsOf(nws.key)).find((row) => row.sourceId?.includes('tornado'));
    expect(tornado).toMatchObject({ severity: 'CRITICAL', status: 'OPEN' });
    expect(tornado?.area?.type).toBe('MultiPolygon');
    expect(tornado?.lat).toBeCloseTo(32.77, 1);
    expect(tornado?.lng).toBeCloseTo(-96.78, 1);
    // Zone shapes are kept: the next poll does not ask for it again.
    const asked = feeds.hits('/zones/county/TXC113');
    await pollNow(nws.id);
    expect(feeds.hits('/zones/county/TXC113')).toBe(asked);
  });

  it("gives a storm its advisory's forecast cone as its area, read from the feed's own server", async () => {
    // Arthur's CurrentStorms.json (2020), its centre moved to where Amanda's advisory 13 put
    // hers (the first point of its forecast track), and Amanda's real cone KMZ served at the
    // document's cone address.
    const storms = JSON.parse(fixture('nhc-current-storms-2020-05-17.json')) as {
      activeStorms: Record<string, unknown>[];
    };
    Object.assign(storms.activeStorms[0] ?? {}, {
      latitudeNumeric: 13.1,
      longitudeNumeric: -134.1,
    });
    feeds.set('/nhc/CurrentStorms.json', { body: JSON.stringify(storms) });
    const nhc = await addSource('NHC', '/nhc/CurrentStorms.json');
    // No cone yet: the storm is written all the same, as a circle around its centre.
    await server.app.feedPoller.runDue();
    expect(await incidentOf(nhc.key, 'al012020')).toMatchObject({
      lat: 13.1,
      lng: -134.1,
      area: null,
    });

    const cone = '/storm_graphics/api/AL012020_002Aadv_CONE.kmz';
    feeds.set(cone, {
      body: readFileSync(
        new URL('./fixtures/nhc-EP012026-013adv-CONE-2026-06-05.kmz', import.meta.url),
      ),
      contentType: 'application/vnd.google-earth.kmz',
    });
    await pollNow(nhc.id);
    const storm = await incidentOf(nhc.key, 'al012020');
    // The centre stays the storm's; the cone is its area.
    expect(storm).toMatchObject({ lat: 13.1, lng: -134.1 });
    expect(storm.area?.type).toBe('Polygon');
    const outline = storm.area?.type === 'Polygon' ? storm.area.coordinates[0] : [];
    expect(outline).toHaveLength(1272);
    const inCone = (lng: number, lat: number) =>
      pointInArea([lng, lat], { kind: 'polygons', polygons: [[outline as [number, number][]]] });
    // On the forecast track three days out, and far north of it.
    expect(inCone(-137.3, 11.0)).toBe(true);
    expect(inCone(-137.3, 16.0)).toBe(false);
    // The cone is kept: the next poll of the same advisory does not ask for it again.
    const asked = feeds.hits(cone);
    await pollNow(nhc.id);
    expect(feeds.hits(cone)).toBe(asked);
    expect((await incidentOf(nhc.key, 'al012020')).area?.type).toBe('Polygon');
  });

  it('turns news items matching its rules into unverified incidents placed by the names they give', async () => {
    feeds.set('/news/rss', {
      body: fixture('news-supply-chain.rss.xml'),
      contentType: 'application/rss+xml',
    });
    const news = await addSource('NEWS', '/news/rss');
    expect(news.rules?.map((rule) => rule.type)).toContain('STRIKE');
    await server.app.feedPoller.runDue();
    const rows = await incidentsOf(news.key);
    expect(
      rows.map((row) => [row.sourceId, row.type, row.countryCode, row.unverified, row.status]),
    ).toEqual([
      ['CBMiTest0001', 'STRIKE', 'MY', true, 'OPEN'],
      ['CBMiTest0002', 'SUPPLIER_FAILURE', 'TW', true, 'OPEN'],
      ['CBMiTest0003', 'GEOPOLITICAL', 'EG', true, 'OPEN'],
      ['CBMiTest0004', 'STRIKE', 'GB', true, 'OPEN'],
      ['CBMiTest0005', 'BORDER_CUSTOMS', 'US', true, 'OPEN'],
    ]);
    // The market report matches no rule; the strike "threatening shipments" names no place.
    expect(await source(news.id)).toMatchObject({ itemCount: 5, skippedCount: 2 });
    const klang = rows[0]!;
    expect(klang.lat).toBeCloseTo(3.0, 0);
    expect(klang.lng).toBeCloseTo(101.4, 0);
    expect(klang.description).toMatch(
      /^Placed at Port Klang, Malaysia \(port MYPKG\), named in the item\./,
    );

    // A member sees it marked; an organization's admin cannot confirm a global incident.
    const seen = await server.request<IncidentDetailResponse>(
      'GET',
      `/api/atlas/events/${klang.id}`,
      {
        token: viewer,
      },
    );
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.data.incident.unverified).toBe(true);
    const refused = await server.request('PATCH', `/api/incidents/${klang.id}`, {
      token: viewer,
      body: { verified: true },
    });
    expect(refused.status).toBe(403);
    expect(
      (
        await server.request('PATCH', `/api/incidents/${klang.id}`, {
          token: owner,
          body: { verified: false },
        })
      ).status,
    ).toBe(400);
    // Platform staff confirm it: on the timeline, and a later poll does not undo it.
    const confirmed = await server.request<IncidentResponse>(
      'PATCH',
      `/api/incidents/${klang.id}`,
      { token: owner, body: { verified: true } },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.incident.unverified).toBe(false);
    const timeline = await server.request<TimelineResponse>(
      'GET',
      `/api/incidents/${klang.id}/timeline`,
      { token: owner },
    );
    expect(timeline.body.data.entries.flatMap((entry) => entry.changes)).toContainEqual({
      field: 'verified',
      from: false,
      to: true,
    });
    await pollNow(news.id);
    expect((await incidentOf(news.key, 'CBMiTest0001')).unverified).toBe(false);
    expect((await incidentOf(news.key, 'CBMiTest0002')).unverified).toBe(true);
  });

  it("keeps a news source's rules valid, and rules for news sources only", async () => {
    const post = (body: Record<string, unknown>) =>
      server.request<{ message: string }>('POST', '/api/admin/sources', {
        token: owner,
        body: { name: `Rules ${Math.random()}`, url: feeds.url('/news/rss'), ...body },
      });
    expect((await post({ kind: 'NEWS', rules: [] })).body.message).toMatch(/at least one rule/);
    expect(
      (await post({ kind: 'NEWS', rules: [{ type: 'STRIKE', keywords: ['ab'] }] })).status,
    ).toBe(400);
    expect(
      (await post({ kind: 'NEWS', rules: [{ type: 'NOPE', keywords: ['port'] }] })).status,
    ).toBe(400);
    const usgs = await post({ kind: 'USGS', rules: [{ type: 'STRIKE', keywords: ['strike'] }] });
    expect(usgs.status).toBe(400);
    expect(usgs.body.message).toContain('rules are for NEWS sources only');

    const custom = await post({
      kind: 'NEWS',
      rules: [{ type: 'CYBER', keywords: ['ransomware'] }],
    });
    expect(custom.status).toBe(201);
    const created = (custom.body as unknown as SourceResponse).data.source;
    expect(created.rules).toEqual([{ type: 'CYBER', keywords: ['ransomware'] }]);
    const changed = await server.request<SourceResponse>(
      'PATCH',
      `/api/admin/sources/${created.id}`,
      {
        token: owner,
        body: { rules: [{ type: 'STRIKE', keywords: ['walkout'] }] },
      },
    );
    expect(changed.body.data.source.rules).toEqual([{ type: 'STRIKE', keywords: ['walkout'] }]);
    const other = (
      await server.request<SourceResponse>('GET', '/api/admin/sources', { token: owner })
    ).body as unknown as { data: { sources: Source[] } };
    const builtIn = other.data.sources.find((each) => each.kind !== 'NEWS');
    if (builtIn) {
      const refused = await server.request('PATCH', `/api/admin/sources/${builtIn.id}`, {
        token: owner,
        body: { rules: [{ type: 'STRIKE', keywords: ['walkout'] }] },
      });
      expect(refused.status).toBe(400);
      expect(builtIn.rules).toBeNull();
    }
  });

  it('does not take a listed alert for over while its zones cannot be read', async () => {
    feeds.set('/zones-feed2/alerts', {
      body: edit('nws-alerts-active.geojson', (document) => {
        for (const feature of document.features) {
          feature.properties.effective = hoursFromNow(-1);
          feature.properties.expires = hoursFromNow(3);
          feature.properties.ends = null;
        }
      }),
    });
    feeds.set('/zones/county/TXC113', { body: fixture('nws-zone-TXC113.geojson') });
    const nws = await addSource('NWS', '/zones-feed2/alerts');
    await server.app.feedPoller.runDue();
    const tornado = () =>
      incidentsOf(nws.key).then((rows) => rows.find((row) => row.sourceId?.includes('tornado')));
    expect((await tornado())?.status).toBe('OPEN');
    // A fresh reader (a restart) cannot reach the zone: the alert stays open.
    feeds.set('/zones/county/TXC113', { status: 503, body: 'busy' });
    const reader = new FeedReader(
      server.database.db,
      backgroundWork(null),
      { timeoutMs: 1000, maxBytes: 1e6, allowPrivate: true },
      pino({ level: 'silent' }),
    );
    const [row] = await server.database.db.select().from(sources).where(eq(sources.id, nws.id));
    expect(await reader.poll(row!)).toMatchObject({ status: 'ingested', skipped: 2 });
    expect((await tornado())?.status).toBe('OPEN');
  });

  it('reads any CAP feed, geotagged RSS feed or GeoJSON document a platform admin adds', async () => {
    // The recorded alerts expire on the day they were sent: moved to tomorrow, they are in force.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    feeds.set('/cap', {
      body: fixture('cap-alerts.atom.xml').replaceAll('2026-11-20', tomorrow),
      contentType: 'application/atom+xml',
    });
    feeds.set('/rss', {
      // Its cyclone is current: `todate` (past) is its latest report, not its end.
      body: fixture('gdacs-rss.xml'),
      contentType: 'application/rss+xml',
    });
    feeds.set('/events', { body: fixture('generic-events.geojson') });
    const cap = await addSource('CAP', '/cap');
    const rss = await addSource('RSS', '/rss');
    const geojson = await addSource('GEOJSON', '/events');
    await server.app.feedPoller.runDue();

    const storm = await incidentOf(cap.key, 'KSTO1055887203');
    expect(storm).toMatchObject({
      title: 'SEVERE THUNDERSTORM WARNING EXTENDED',
      severity: 'CRITICAL',
      type: 'WEATHER',
      status: 'OPEN',
      organizationId: null,
    });
    expect(storm.area?.type).toBe('Polygon');
    expect((await incidentsOf(cap.key)).map((row) => row.sourceId)).toEqual([
      'KSTO1055887203',
      'TRI13970876.2',
    ]);
    // Its Test message and its alert placed by a geocode only are counted as skipped.
    expect(await source(cap.id)).toMatchObject({
      itemCount: 2,
      skippedCount: 2,
      failures: 0,
      lastError: null,
    });
    expect(await source(rss.id)).toMatchObject({ itemCount: 2, skippedCount: 1 });
    // The flood item is no longer current: only the cyclone becomes an incident.
    expect((await incidentsOf(rss.key)).map((row) => [row.sourceId, row.severity])).toEqual([
      ['TC1001201', 'CRITICAL'],
    ]);
    expect((await incidentsOf(geojson.key)).map((row) => [row.sourceId, row.type])).toEqual([
      ['PORT-2026-118', 'PORT_CONGESTION'],
    ]);

    // A Cancel of the storm's chain resolves its incident, with the reason on the timeline.
    feeds.set('/cap', {
      body: `<?xml version="1.0"?><alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">
        <identifier>KSTO1055887400</identifier><sender>KSTO@NWS.NOAA.GOV</sender>
        <sent>${tomorrow}T11:00:00-07:00</sent><status>Actual</status><msgType>Cancel</msgType>
        <scope>Public</scope>
        <references>KSTO@NWS.NOAA.GOV,KSTO1055887299,${tomorrow}T10:05:00-07:00 KSTO@NWS.NOAA.GOV,KSTO1055887203,${tomorrow}T09:55:00-07:00</references>
        <info><category>Met</category><event>SEVERE THUNDERSTORM</event><urgency>Past</urgency>
          <severity>Minor</severity><certainty>Observed</certainty>
          <area><areaDesc>TUOLUMNE</areaDesc><polygon>38.47,-120.14 38.34,-119.95 38.52,-119.74 38.47,-120.14</polygon></area>
        </info></alert>`,
    });
    await pollNow(cap.id);
    expect((await incidentOf(cap.key, 'KSTO1055887203')).status).toBe('RESOLVED');
    expect((await timeline(storm.id)).some((entry) => entry.body === `Closed by ${cap.name}`)).toBe(
      true,
    );
  });

  it('makes an incident of each current event in a real GDACS RSS capture', async () => {
    // rss.xml as GDACS served it on 30 December 2019 (fixtures/README.md): every item has a
    // `todate` in the past; the seven with `iscurrent` true are events still going on.
    feeds.set('/gdacs-rss', {
      body: fixture('gdacs-rss-2019-12-30.xml'),
      contentType: 'application/rss+xml',
    });
    const rss = await addSource('RSS', '/gdacs-rss');
    await pollNow(rss.id);
    expect(await source(rss.id)).toMatchObject({ itemCount: 16, skippedCount: 0, failures: 0 });
    const created = await incidentsOf(rss.key);
    expect(created.map((row) => row.sourceId).sort()).toEqual([
      'DR1013588',
      'DR1013682',
      'EQ1199647',
      'EQ1199929',
      'TC1000641',
      'TC1000642',
      'TC1000643',
    ]);
    expect(created.every((row) => row.status === 'OPEN' && row.endsAt === null)).toBe(true);
    expect(created.find((row) => row.sourceId === 'TC1000641')?.severity).toBe('HIGH'); // Orange
  });

  it('reads EMSC earthquakes added by a platform admin, as the FDSN service sends them', async () => {
    feeds.set('/emsc', { body: fixture('emsc-fdsn-event-rebuilt-2019-11-14.json') });
    const emsc = await addSource('EMSC', '/emsc');
    await pollNow(emsc.id);
    expect(await source(emsc.id)).toMatchObject({ itemCount: 6, skippedCount: 0, failures: 0 });
    const chiapas = await incidentOf(emsc.key, '20170908_0000020');
    expect(chiapas).toMatchObject({
      title: 'M 8.1 - Offshore Chiapas, Mexico',
      severity: 'CRITICAL',
      type: 'NATURAL_HAZARD',
      organizationId: null,
      sourceUrl: 'https://www.seismicportal.eu/eventdetails.html?unid=20170908_0000020',
    });
    expect(chiapas.startsAt.toISOString()).toBe('2017-09-08T04:49:21.200Z');
  });

  it('polls a due source exactly once across instances sharing the database', async () => {
    feeds.set('/shared', { body: fixture('eonet-events.geojson') });
    const shared = await addSource('EONET', '/shared');
    // Each instance has its own connections (on PostgreSQL) and its own poller.
    const others = await Promise.all(
      [1, 2].map(() =>
        server.databaseUrl
          ? openDatabase({ kind: 'postgres', url: server.databaseUrl })
          : Promise.resolve(server.database),
      ),
    );
    const silent = pino({ level: 'silent' });
    const pollers = [
      server.app.feedPoller,
      ...others.map((handle) => {
        const background = backgroundWork(null);
        const reader = new FeedReader(
          handle.db,
          background,
          { timeoutMs: 1000, maxBytes: 1e6, allowPrivate: true },
          silent,
        );
        return new FeedPoller(handle.db, reader, silent);
      }),
    ];
    try {
      await Promise.all(pollers.map((poller) => poller.runDue()));
      expect(feeds.hits('/shared')).toBe(1);
      expect(await incidentsOf(shared.key)).toHaveLength(2);
    } finally {
      if (server.databaseUrl) await Promise.all(others.map((handle) => handle.close()));
    }
  });

  it('is managed by platform admins only, with every change audited and bad input refused', async () => {
    const created = await addSource('EONET', '/managed', 'Managed feed');
    const list = await server.request<{ data: { sources: Source[] } }>(
      'GET',
      '/api/admin/sources',
      {
        token: owner,
      },
    );
    expect(list.body.data.sources.map((item) => item.name)).toContain('Managed feed');
    expect((await server.request('GET', '/api/admin/sources', { token: viewer })).status).toBe(403);

    const paused = await server.request<SourceResponse>(
      'PATCH',
      `/api/admin/sources/${created.id}`,
      {
        token: owner,
        body: { enabled: false, intervalSeconds: 900 },
      },
    );
    expect(paused.body.data.source).toMatchObject({ enabled: false, intervalSeconds: 900 });
    const refused = await server.request<{ message: string }>(
      'POST',
      `/api/admin/sources/${created.id}/poll`,
      { token: owner },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Enable the data source to poll it');

    const duplicate = await server.request<{ message: string }>('POST', '/api/admin/sources', {
      token: owner,
      body: { kind: 'EONET', name: 'managed FEED', url: feeds.url('/other') },
    });
    expect(duplicate.status).toBe(409);
    for (const body of [
      { kind: 'TWITTER', name: 'x', url: feeds.url('/x') },
      { kind: 'USGS', name: 'x', url: 'ftp://example.com/feed' },
      { kind: 'USGS', name: 'x', url: feeds.url('/x'), intervalSeconds: 5 },
      { kind: 'USGS', name: '', url: feeds.url('/x') },
    ]) {
      const bad = await server.request<{ message: string }>('POST', '/api/admin/sources', {
        token: owner,
        body,
      });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.message).toBeTruthy();
    }
    const missing = await server.request(
      'GET',
      '/api/admin/sources/00000000-0000-4000-8000-000000000000',
      {
        token: owner,
      },
    );
    expect(missing.status).toBe(404);

    expect(
      (await server.request('DELETE', `/api/admin/sources/${created.id}`, { token: owner })).status,
    ).toBe(200);
    const actions = await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, created.id))
      .orderBy(asc(auditLog.id));
    expect(actions.map((row) => row.action)).toEqual([
      'source.create',
      'source.update',
      'source.delete',
    ]);
  });
});
