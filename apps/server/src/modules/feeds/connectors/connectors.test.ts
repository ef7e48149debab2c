import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONNECTORS, FeedFormatError } from './index.js';
import { isZip, kmlPolygons, kmzDocument } from './kml.js';
import { placeCandidates } from './news.js';
import { usgsRadiusKm, usgsSeverity } from './usgs.js';

type GdacsFeature = {
  properties: { eventid?: number; Class?: string };
  geometry: { coordinates: unknown };
};

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');

describe('the USGS connector', () => {
  const { events, skipped } = CONNECTORS.USGS.parse(fixture('usgs-4.5_day.geojson'));

  it('reads each earthquake with its id, place, time, PAGER level and tsunami flag', () => {
    expect(skipped).toBe(1); // no geometry
    expect(events.map((event) => event.sourceId)).toEqual(['us7000r1a1', 'us7000r1a0']);
    const [taiwan, fiji] = events;
    expect(taiwan).toMatchObject({
      title: 'M 6.8 - 24 km SE of Kaohsiung, Taiwan',
      type: 'NATURAL_HAZARD',
      severity: 'HIGH', // PAGER orange
      lat: 22.47,
      lng: 120.45,
      closed: false,
      sourceUrl: 'https://earthquake.usgs.gov/earthquakes/eventpage/us7000r1a1',
    });
    expect(taiwan?.startsAt?.toISOString()).toBe(new Date(1795390000000).toISOString());
    expect(taiwan?.description).toContain('Tsunami possible');
    expect(fiji?.severity).toBe('LOW');
  });

  it('maps PAGER levels first, else magnitude, and a tsunami to at least HIGH', () => {
    expect(usgsSeverity(5.0, 'red', false)).toBe('CRITICAL');
    expect(usgsSeverity(7.8, null, false)).toBe('CRITICAL');
    expect(usgsSeverity(6.6, null, false)).toBe('HIGH');
    expect(usgsSeverity(5.6, null, false)).toBe('MEDIUM');
    expect(usgsSeverity(5.0, null, true)).toBe('HIGH');
    expect(usgsRadiusKm(5)).toBe(35);
    expect(usgsRadiusKm(7)).toBeGreaterThan(200);
    expect(usgsRadiusKm(9.5)).toBe(1000);
  });

  it('refuses what is not JSON or not a FeatureCollection', () => {
    expect(() => CONNECTORS.USGS.parse('{"type":"FeatureCollection",')).toThrow(FeedFormatError);
    expect(() => CONNECTORS.USGS.parse('{"type":"Feature"}')).toThrow(
      'not a GeoJSON FeatureCollection',
    );
  });
});

describe('the EMSC connector', () => {
  it('reads a one-event answer of the FDSN service as EMSC served it', () => {
    const { events, skipped } = CONNECTORS.EMSC.parse(fixture('emsc-fdsn-event-2021-05-02.json'));
    expect(skipped).toBe(0);
    expect(events).toEqual([
      {
        sourceId: '20210502_0000100',
        title: 'M 2.7 - Offshore Coquimbo, Chile',
        description: 'Magnitude 2.7 (ml). Offshore Coquimbo, Chile. Depth 38 km. Located by GUC',
        type: 'NATURAL_HAZARD',
        hazard: 'EARTHQUAKE',
        severity: 'LOW',
        lat: -30.07,
        lng: -71.53,
        area: null,
        countryCode: null,
        affectedRadiusKm: usgsRadiusKm(2.7),
        startsAt: new Date('2021-05-02T12:46:04.000Z'),
        endsAt: null,
        closed: false,
        sourceUrl: 'https://www.seismicportal.eu/eventdetails.html?unid=20210502_0000100',
      },
    ]);
  });

  it('grades six large quakes by magnitude, the deepest and those across ±180 included', () => {
    const { events } = CONNECTORS.EMSC.parse(fixture('emsc-fdsn-event-rebuilt-2019-11-14.json'));
    const bySeverity = Object.fromEntries(events.map((event) => [event.sourceId, event.severity]));
    expect(bySeverity).toEqual({
      '20171031_0000002': 'HIGH',
      '20171024_0000031': 'HIGH',
      '20171010_0000169': 'HIGH',
      '20171008_0000103': 'HIGH',
      '20170919_0000091': 'HIGH',
      '20170908_0000020': 'CRITICAL',
    });
    const banda = events.find((event) => event.sourceId === '20171024_0000031');
    expect(banda?.description).toContain('Depth 548 km');
    const rat = events.find((event) => event.sourceId === '20171008_0000103');
    expect([rat?.lng, rat?.title]).toEqual([176.83, 'M 6.6 - Rat Islands, Aleutian Islands']);
  });

  it('counts explosions and events without a magnitude as skipped', () => {
    const document = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: 'blast',
          geometry: { type: 'Point', coordinates: [16.9, 51.1, -0.5] },
          properties: { evtype: 'qb', mag: 2.1, time: '2021-05-02T10:00:00.0Z' },
        },
        {
          type: 'Feature',
          id: 'no-magnitude',
          geometry: { type: 'Point', coordinates: [16.9, 51.1, -10] },
          properties: { evtype: 'ke', time: '2021-05-02T10:00:00.0Z' },
        },
      ],
    });
    expect(CONNECTORS.EMSC.parse(document)).toEqual({ events: [], skipped: 2 });
  });
});

describe('the NHC connector', () => {
  it('reads a storm of CurrentStorms.json as NHC served it (Arthur, 17 May 2020)', () => {
    const { events, skipped } = CONNECTORS.NHC.parse(fixture('nhc-current-storms-2020-05-17.json'));
    expect(skipped).toBe(0);
    expect(events).toEqual([
      {
        sourceId: 'al012020',
        title: 'Tropical Storm Arthur',
        description:
          'Maximum sustained winds 35 kt, pressure 1006 mb, moving NNE at 13 kt, public advisory 000.',
        type: 'WEATHER',
        hazard: 'TROPICAL_CYCLONE',
        severity: 'MEDIUM',
        lat: 29.6,
        lng: -77.7,
        area: null,
        countryCode: null,
        affectedRadiusKm: null,
        startsAt: null,
        endsAt: null,
        closed: false,
        sourceUrl: 'https://www.nhc.noaa.gov/text/MIATCPAT1.shtml',
        areaUrl: 'https://www.nhc.noaa.gov/storm_graphics/api/AL012020_002Aadv_CONE.kmz',
      },
    ]);
    expect(CONNECTORS.NHC.snapshot).toBe(true);
  });

  it("reads an advisory's forecast cone from its KMZ as NHC served it (Amanda, 5 June 2026)", () => {
    const bytes = readFileSync(
      new URL('../fixtures/nhc-EP012026-013adv-CONE-2026-06-05.kmz', import.meta.url),
    );
    expect(isZip(bytes)).toBe(true);
    const polygons = kmlPolygons(kmzDocument(bytes));
    expect(polygons).toHaveLength(1);
    const [outline, ...holes] = polygons[0] ?? [];
    expect(holes).toEqual([]);
    expect(outline).toHaveLength(1272);
    expect(outline?.[0]).toEqual([-140.77504, 8.19954]);
    expect(outline?.at(-1)).toEqual(outline?.[0]);
    const longitudes = outline?.map(([lng]) => lng ?? 0) ?? [];
    expect(Math.min(...longitudes)).toBe(-143.03964);
    expect(Math.max(...longitudes)).toBe(-133.83321);
  });

  it('reads polygons with holes at any depth of a KML document, and refuses what is not KML or KMZ', () => {
    const kml = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><Folder>
      <Placemark><MultiGeometry>
        <Polygon><outerBoundaryIs><LinearRing><coordinates>0,0 4,0 4,4 0,4 0,0</coordinates></LinearRing></outerBoundaryIs>
          <innerBoundaryIs><LinearRing><coordinates>1,1 2,1 2,2 1,1</coordinates></LinearRing></innerBoundaryIs></Polygon>
        <Polygon><outerBoundaryIs><LinearRing><coordinates>10,10,0 11,10,0 11,11,0 10,10,0</coordinates></LinearRing></outerBoundaryIs></Polygon>
        <Polygon><outerBoundaryIs><LinearRing><coordinates>a,b c,d</coordinates></LinearRing></outerBoundaryIs></Polygon>
      </MultiGeometry></Placemark></Folder></Document></kml>`;
    expect(kmlPolygons(kml)).toEqual([
      [
        [
          [0, 0],
          [4, 0],
          [4, 4],
          [0, 4],
          [0, 0],
        ],
        [
          [1, 1],
          [2, 1],
          [2, 2],
          [1, 1],
        ],
      ],
      [
        [
          [10, 10],
          [11, 10],
          [11, 11],
          [10, 10],
        ],
      ],
    ]);
    expect(() => kmlPolygons('<rss><channel/></rss>')).toThrow(FeedFormatError);
    expect(() => kmzDocument(new TextEncoder().encode('PK\u0003\u0004 not really'))).toThrow(
      FeedFormatError,
    );
    expect(isZip(new TextEncoder().encode('<kml/>'))).toBe(false);
  });

  it('grades by wind, reads numbers sent as text, and skips a storm without a centre', () => {
    const storm = (over: Record<string, unknown>) => ({
      id: 'EP092026',
      name: 'Test',
      classification: 'HU',
      latitudeNumeric: 15,
      longitudeNumeric: -105,
      ...over,
    });
    const { events, skipped } = CONNECTORS.NHC.parse(
      JSON.stringify({
        activeStorms: [
          storm({ intensity: '115' }),
          storm({ id: 'ep102026', intensity: 70 }),
          storm({ id: 'ep112026', classification: 'TD', intensity: '30', name: null }),
          storm({ id: 'ep122026', latitudeNumeric: null }),
        ],
      }),
    );
    expect(skipped).toBe(1);
    expect(events.map((event) => [event.sourceId, event.title, event.severity])).toEqual([
      ['ep092026', 'Hurricane Test', 'CRITICAL'],
      ['ep102026', 'Hurricane Test', 'HIGH'],
      ['ep112026', 'Tropical Depression EP112026', 'LOW'],
    ]);
  });

  it('reads a quiet season as no storms, and refuses what is not a storm list', () => {
    expect(CONNECTORS.NHC.parse('{"activeStorms":[]}')).toEqual({ events: [], skipped: 0 });
    expect(() => CONNECTORS.NHC.parse('{"storms":[]}')).toThrow(FeedFormatError);
    expect(() => CONNECTORS.NHC.parse('<html>')).toThrow(FeedFormatError);
  });
});

describe('the GDACS connector', () => {
  const { events } = CONNECTORS.GDACS.parse(fixture('gdacs-events4app.geojson'));

  it('keys events by type and number, reads alert levels, countries and UTC dates', () => {
    expect(events.map((event) => event.sourceId)).toEqual(['EQ1500101', 'TC1001190', 'FL1102200']);
    const [quake, cyclone, flood] = events;
    expect(quake).toMatchObject({ severity: 'HIGH', countryCode: 'JP', type: 'NATURAL_HAZARD' });
    expect(quake?.startsAt?.toISOString()).toBe('2026-11-20T03:10:00.000Z');
    expect(cyclone).toMatchObject({ severity: 'CRITICAL', type: 'WEATHER', countryCode: 'CN' });
    expect(flood).toMatchObject({ severity: 'LOW', closed: true });
    expect(flood?.endsAt?.toISOString()).toBe('2026-10-09T00:00:00.000Z');
  });

  it("takes an event's affected polygon as its area and keeps its point", () => {
    const cyclone = events.find((event) => event.sourceId === 'TC1001190');
    expect(cyclone?.area?.type).toBe('Polygon');
    expect(cyclone).toMatchObject({ lat: 21.2, lng: 114.1 });
  });
});

describe('the NWS connector', () => {
  const { events, skipped } = CONNECTORS.NWS.parse(fixture('nws-alerts-active.geojson'));

  it('reads actual alerts with polygons, names the zones of zone-only ones, skips tests', () => {
    expect(skipped).toBe(1);
    expect(events).toHaveLength(3);
    const [hurricane, flood, tornado] = events;
    // Placed later, from its zones' shapes.
    expect(tornado).toMatchObject({
      lat: null,
      area: null,
      zones: ['https://api.weather.gov/zones/county/TXC113'],
      severity: 'CRITICAL',
    });
    expect(hurricane?.zones).toBeUndefined();
    expect(hurricane).toMatchObject({
      severity: 'CRITICAL',
      type: 'WEATHER',
      countryCode: 'US',
      title: 'Hurricane Warning issued November 22 at 3:00PM CST by NWS Houston/Galveston TX',
    });
    expect(hurricane?.area?.type).toBe('Polygon');
    expect(hurricane?.lat).toBeCloseTo(29.65, 1);
    expect(hurricane?.endsAt?.toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(hurricane?.description).toContain('Complete preparations');
    // An update keeps the identity of the alert it updates.
    expect(flood?.sourceId).toBe('urn:oid:2.49.0.1.840.0.flood-warning-7.001.1');
    expect(flood?.endsAt?.toISOString()).toBe('2026-11-23T18:00:00.000Z');
    expect(flood?.severity).toBe('HIGH');
  });

  it('ends an alert its Cancel message names', () => {
    const document = JSON.parse(fixture('nws-alerts-active.geojson')) as {
      features: { properties: Record<string, unknown> }[];
    };
    const first = document.features[0]!;
    first.properties.messageType = 'Cancel';
    const { events: cancelled } = CONNECTORS.NWS.parse(JSON.stringify(document));
    expect(cancelled[0]?.closed).toBe(true);
  });
});

describe('the EONET connector', () => {
  const { events } = CONNECTORS.EONET.parse(fixture('eonet-events.geojson'));

  it('groups observations by event: the first starts it, the latest places and sizes it', () => {
    const storm = events.find((event) => event.sourceId === 'EONET_9101');
    expect(storm).toMatchObject({ lat: -16.9, lng: 149.8, severity: 'HIGH', type: 'WEATHER' });
    expect(storm?.startsAt?.toISOString()).toBe('2026-11-20T06:00:00.000Z');
    const fire = events.find((event) => event.sourceId === 'EONET_9102');
    expect(fire).toMatchObject({ severity: 'MEDIUM', type: 'NATURAL_HAZARD' });
    const volcano = events.find((event) => event.sourceId === 'EONET_9050');
    expect(volcano?.closed).toBe(true);
  });

  it('reads the /events list form too', () => {
    const list = {
      events: [
        {
          id: 'EONET_1',
          title: 'Iceberg A23A',
          closed: null,
          categories: [{ id: 'seaLakeIce' }],
          geometry: [{ date: '2026-11-01T00:00:00Z', type: 'Point', coordinates: [-40, -60] }],
        },
      ],
    };
    const { events: parsed } = CONNECTORS.EONET.parse(JSON.stringify(list));
    expect(parsed[0]).toMatchObject({ sourceId: 'EONET_1', type: 'OTHER', lat: -60 });
    expect(() => CONNECTORS.EONET.parse('{"title":"EONET Events"}')).toThrow(FeedFormatError);
  });
});

describe('the generic CAP connector', () => {
  const { events, skipped } = CONNECTORS.CAP.parse(fixture('cap-alerts.atom.xml'));

  it('reads the alerts of an Atom feed, keeps an update on its first alert, and skips tests and unplaced alerts', () => {
    expect(skipped).toBe(2); // status Test; a geocode only
    expect(events.map((event) => event.sourceId)).toEqual(['KSTO1055887203', 'TRI13970876.2']);
    const [storm, quake] = events;
    // The update (sent later) is what the chain says now.
    expect(storm).toMatchObject({
      title: 'SEVERE THUNDERSTORM WARNING EXTENDED',
      type: 'WEATHER',
      severity: 'CRITICAL',
      closed: false,
      sourceUrl: 'https://www.weather.gov/sto/',
    });
    expect(storm?.endsAt?.toISOString()).toBe('2026-11-20T18:00:00.000Z');
    // CAP polygons are "lat,lon": the area is in GeoJSON order, closed.
    expect(storm?.area).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [-120.14, 38.47],
          [-119.95, 38.34],
          [-119.74, 38.52],
          [-119.8, 38.7],
          [-120.14, 38.47],
        ],
      ],
    });
    expect(storm?.lat).toBeGreaterThan(38.3);
    // The English info of a bilingual alert; a circle gives the place and the radius.
    expect(quake).toMatchObject({
      title: 'EQ 3.4 Imperial County CA',
      type: 'NATURAL_HAZARD',
      severity: 'MEDIUM',
      lat: 32.9525,
      lng: -115.5527,
      affectedRadiusKm: 25,
      area: null,
    });
  });

  it('ends an alert its Cancel names, and reads a bare alert document', () => {
    const cancel = `<?xml version="1.0"?>
      <alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">
        <identifier>X-2</identifier><sender>a@b</sender><sent>2026-11-20T12:00:00Z</sent>
        <status>Actual</status><msgType>Cancel</msgType><scope>Public</scope>
        <references>a@b,X-1,2026-11-20T10:00:00Z</references>
        <info><category>Met</category><event>High wind</event><urgency>Past</urgency>
          <severity>Minor</severity><certainty>Observed</certainty>
          <area><areaDesc>Coast</areaDesc><circle>51.9,4.1 10</circle></area></info>
      </alert>`;
    const {
      events: [ended],
    } = CONNECTORS.CAP.parse(cancel);
    expect(ended).toMatchObject({ sourceId: 'X-1', closed: true, type: 'WEATHER' });
  });

  it('refuses what is not well-formed XML, and expands no declared entities', () => {
    expect(() => CONNECTORS.CAP.parse('<alert><identifier>1</alert>')).toThrow(FeedFormatError);
    const bomb = `<?xml version="1.0"?><!DOCTYPE alert [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>
      <alert><identifier>&b;</identifier><status>Actual</status><info><event>x</event>
      <area><circle>1,1 1</circle></area></info></alert>`;
    const {
      events: [read],
    } = CONNECTORS.CAP.parse(bomb);
    expect(read?.sourceId.length ?? 0).toBeLessThan(10);
  });
});

describe('the generic RSS connector', () => {
  const { events, skipped } = CONNECTORS.RSS.parse(fixture('gdacs-rss.xml'));

  it('reads geotagged items: GeoRSS points and polygons, alert levels, the words for the type', () => {
    expect(skipped).toBe(1); // no place
    const [cyclone, flood] = events;
    expect(cyclone).toMatchObject({
      sourceId: 'TC1001201',
      type: 'WEATHER',
      severity: 'CRITICAL',
      lat: 21.4,
      lng: 119.2,
      closed: false,
      sourceUrl: 'https://www.gdacs.org/report.aspx?eventtype=TC&eventid=1001201',
    });
    expect(cyclone?.startsAt?.toISOString()).toBe('2026-11-18T00:00:00.000Z');
    expect(flood).toMatchObject({ type: 'NATURAL_HAZARD', severity: 'LOW', closed: true });
    expect(flood?.description).toBe(
      'On 12/11/2026, a flood started in Viet Nam , causing 2 deaths.',
    );
    expect(flood?.area?.type).toBe('Polygon');
  });

  it('keeps a current GDACS event open although its todate (its latest report) has passed', () => {
    // A real capture of GDACS's rss.xml (fixtures/README.md).
    const capture = CONNECTORS.RSS.parse(fixture('gdacs-rss-2019-12-30.xml'));
    expect(capture.skipped).toBe(0);
    expect(capture.events).toHaveLength(16);
    const current = capture.events.filter((event) => !event.closed);
    expect(current.map((event) => event.sourceId)).toEqual([
      'TC1000643',
      'EQ1199929',
      'TC1000642',
      'EQ1199647',
      'TC1000641',
      'DR1013682',
      'DR1013588',
    ]);
    expect(current.every((event) => event.endsAt === null)).toBe(true);
    // Over: closed, ending at its last report.
    const over = capture.events.find((event) => event.sourceId === 'DR1013281');
    expect(over).toMatchObject({ closed: true, severity: 'HIGH' });
    expect(over?.endsAt?.toISOString()).toBe('2019-12-30T01:27:00.000Z');
    expect(current[4]).toMatchObject({ lat: 14.6, lng: 112.1, type: 'WEATHER' });
  });

  it("decodes HTML's entities in titles and descriptions, as in USGS's Atom feed", () => {
    // A real capture of USGS's all_hour.atom (fixtures/README.md): "33.514&deg;N" in HTML.
    const capture = CONNECTORS.RSS.parse(fixture('usgs-all_hour-2018-12-07.atom'));
    expect(capture.events).toHaveLength(20);
    const [first] = capture.events;
    expect(first).toMatchObject({
      sourceId: 'urn:earthquake-usgs-gov:ci:38388032',
      title: 'M 1.2 - 10km NE of Aguanga, CA',
      lat: 33.5141678,
      lng: -116.8001633,
      sourceUrl: 'https://earthquake.usgs.gov/earthquakes/eventpage/ci38388032',
    });
    expect(first?.description).toContain('33.514°N 116.800°W');
    expect(capture.events.some((event) => /&[a-z]+;/i.test(event.description ?? ''))).toBe(false);

    const escaped = `<rss><channel><item><guid>x</guid><title>Caf&amp;eacute; fire &amp;amp; smoke</title>
      <description>&lt;p&gt;Near the port&amp;nbsp;&amp;mdash; 3&amp;#8239;km&amp;lt;br&amp;gt;&lt;/p&gt;</description>
      <georss:point xmlns:georss="http://www.georss.org/georss">1 2</georss:point></item></channel></rss>`;
    expect(CONNECTORS.RSS.parse(escaped).events[0]).toMatchObject({
      title: 'Café fire & smoke',
      description: 'Near the port — 3 km', // no-break spaces read as spaces
    });
  });

  it('reads an Atom feed with W3C Basic Geo positions', () => {
    const atom = `<?xml version="1.0"?>
      <feed xmlns="http://www.w3.org/2005/Atom" xmlns:geo="http://www.w3.org/2003/01/geo/wgs84_pos#">
        <entry><id>urn:e:1</id><title>Customs strike at the Polish border</title>
          <link rel="alternate" href="https://news.example/1"/><updated>2026-11-20T08:00:00Z</updated>
          <geo:lat>52.08</geo:lat><geo:long>23.65</geo:long></entry>
      </feed>`;
    const {
      events: [entry],
    } = CONNECTORS.RSS.parse(atom);
    expect(entry).toMatchObject({
      sourceId: 'urn:e:1',
      type: 'STRIKE',
      lat: 52.08,
      lng: 23.65,
      sourceUrl: 'https://news.example/1',
    });
  });
});

describe('the generic GeoJSON connector', () => {
  const { events, skipped } = CONNECTORS.GEOJSON.parse(fixture('generic-events.geojson'));

  it('reads common property names for id, title, severity, time, radius and status', () => {
    expect(skipped).toBe(1);
    const [port, strike] = events;
    expect(port).toMatchObject({
      sourceId: 'PORT-2026-118',
      type: 'PORT_CONGESTION',
      severity: 'HIGH',
      sourceUrl: 'https://ops.example.com/events/PORT-2026-118',
      closed: false,
    });
    expect(port?.startsAt?.toISOString()).toBe('2026-11-19T14:00:00.000Z');
    expect(strike).toMatchObject({
      sourceId: '4471',
      type: 'STRIKE',
      severity: 'HIGH',
      affectedRadiusKm: 40,
      closed: true,
    });
  });

  it('places an event whose polygon crosses itself at its centre, without the area', () => {
    const bowTie = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { id: 'BT-1', title: 'Flooding near the port' },
          geometry: {
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
        },
      ],
    };
    const [event] = CONNECTORS.GEOJSON.parse(JSON.stringify(bowTie)).events;
    expect(event).toMatchObject({ sourceId: 'BT-1', lng: 4.5, lat: 51.5, area: null });
  });
});

/** Documents as the feeds served them (fixtures/README.md, "Real captures"). */
describe('real captures', () => {
  it('USGS: a day of quakes across the antimeridian, no PAGER alert, names in Unicode', () => {
    const { events, skipped } = CONNECTORS.USGS.parse(fixture('usgs-2.5_day-2026-07-21.geojson'));
    expect([events.length, skipped]).toEqual([52, 0]);
    const fiji = events.find((event) => event.sourceId === 'us7000t235');
    expect(fiji).toMatchObject({
      title: 'M 4.6 - south of the Fiji Islands',
      lat: -23.6436,
      lng: -177.3268,
      type: 'NATURAL_HAZARD',
      closed: false,
    });
    const newZealand = events.find((event) => event.sourceId === 'us7000t1xi');
    expect(newZealand?.lng).toBe(178.2859);
    expect(events[0]?.title).toBe('M 2.8 - 3 km S of Pāhala, Hawaii');
    expect(events.every((event) => event.lat !== null && event.startsAt !== null)).toBe(true);
  });

  it('NWS: zone-only alerts (no geometry) wait for their zones, as the API sends them', () => {
    const { events, skipped } = CONNECTORS.NWS.parse(
      fixture('nws-alerts-active-point-phoenix-2024-07-18.json'),
    );
    expect([events.length, skipped]).toEqual([2, 0]);
    const [heat, air] = events;
    expect(heat).toMatchObject({ type: 'WEATHER', severity: 'HIGH', lat: null, area: null });
    expect(heat?.zones).toHaveLength(9);
    // Its `expires` (the message's) comes before its onset; `ends` is when the event ends.
    expect(heat?.startsAt?.toISOString()).toBe('2024-07-19T17:00:00.000Z');
    expect(heat?.endsAt?.toISOString()).toBe('2024-07-21T03:00:00.000Z');
    // Severity "Unknown": the lowest.
    expect(air).toMatchObject({ severity: 'LOW', type: 'WEATHER' });
    expect(air?.zones).toHaveLength(1);
  });

  it('NWS: the 2018 form, polygons beside a zone-only statement, coordinates with float noise', () => {
    const { events, skipped } = CONNECTORS.NWS.parse(
      fixture('nws-alerts-polygons-2018-09-23.geojson'),
    );
    expect([events.length, skipped]).toEqual([4, 0]);
    expect(events.map((event) => [event.sourceId, event.area?.type ?? null])).toEqual([
      ['NWS-IDP-PROD-3131200', 'Polygon'],
      ['NWS-IDP-PROD-3131199', 'Polygon'],
      ['NWS-IDP-PROD-3131057', 'Polygon'],
      ['NWS-IDP-PROD-3130370', null],
    ]);
    // Placed inside its polygon (Blacksburg's, near 37.15°N 81.33°W); "Moderate" is MEDIUM.
    expect(events[0]).toMatchObject({ type: 'WEATHER', severity: 'MEDIUM' });
    expect(events[0]?.lat).toBeCloseTo(37.15, 1);
    expect(events[0]?.lng).toBeCloseTo(-81.33, 1);
    // With no `ends`, an alert lasts until it `expires` (offsets honoured).
    expect(events[0]?.endsAt?.toISOString()).toBe('2018-09-23T22:15:00.000Z');
    const riverton = events[3];
    expect(riverton).toMatchObject({ lat: null, area: null });
    expect(riverton?.zones).toHaveLength(2);
    expect(riverton?.endsAt?.toISOString()).toBe('2018-09-23T22:00:00.000Z');
  });

  it('GDACS: the MAP list, several features per event: centroid, shaking circle, wind buffers, track', () => {
    const document = fixture('gdacs-map-2026-07-20.geojson');
    const { events, skipped } = CONNECTORS.GDACS.parse(document);
    // 165 features, 25 events; the track lines are parts of events read, not events left out.
    expect([events.length, skipped]).toEqual([25, 0]);
    const count = (hazard: string) => events.filter((event) => event.hazard === hazard).length;
    expect([
      count('EARTHQUAKE'),
      count('TROPICAL_CYCLONE'),
      count('FLOOD'),
      count('DROUGHT'),
    ]).toEqual([7, 3, 4, 11]);
    // A cyclone's area is its widest wind buffer, not the small shape at a track point.
    const features = (JSON.parse(document) as { features: GdacsFeature[] }).features;
    const shape = (eventId: number, featureClass: string) =>
      features.find(
        (feature) =>
          feature.properties.eventid === eventId && feature.properties.Class === featureClass,
      )?.geometry.coordinates;
    const two = events.find((event) => event.sourceId === 'TC1001290');
    expect(two).toMatchObject({ title: 'Tropical Cyclone TWO-26', area: { type: 'Polygon' } });
    expect(two?.area?.coordinates).toEqual(shape(1001290, 'Poly_Green'));
    // An Orange earthquake: HIGH, its shaking circle the area.
    const peru = events.find((event) => event.sourceId === 'EQ1552752');
    expect(peru).toMatchObject({ severity: 'HIGH', hazard: 'EARTHQUAKE' });
    expect(peru?.area?.coordinates).toEqual(shape(1552752, 'Poly_Circle'));
    // The feed's names as one clean line: "Colombia, , Ecuador", "Bosnia  and  Herzegovina".
    const title = (id: string) => events.find((event) => event.sourceId === id)?.title;
    expect(title('DR1023877')).toBe('Drought in Colombia, Ecuador, Panama, Venezuela');
    expect(title('DR1018332')).toContain('Bulgaria, Belarus, Switzerland');
    expect(title('DR1018332')).toContain(' Bosnia and Herzegovina,');
    // Droughts no longer current are over; the one still current is open.
    const droughts = events.filter((event) => event.hazard === 'DROUGHT');
    expect(droughts.filter((event) => !event.closed).map((event) => event.sourceId)).toEqual([
      'DR1027450',
    ]);
  });

  it('EONET: the /events form, an iceberg by the antimeridian, storms and fires', () => {
    const { events, skipped } = CONNECTORS.EONET.parse(
      fixture('eonet-v3-events-open-7d-2026-07-20.json'),
    );
    expect([events.length, skipped]).toEqual([26, 0]);
    expect(events.find((event) => event.sourceId === 'EONET_10212')).toMatchObject({
      title: 'Iceberg B22F',
      lat: -66.56,
      lng: -178.99,
    });
    expect(events.find((event) => event.sourceId === 'EONET_21399')).toMatchObject({
      title: 'Tropical Storm Fausto',
      type: 'WEATHER',
    });
    expect(events.filter((event) => event.type === 'NATURAL_HAZARD')).toHaveLength(15);
  });

  it("CAP (Environment Canada): the English info of a bilingual Update, and the air's quality is no product's", () => {
    const { events, skipped } = CONNECTORS.CAP.parse(
      fixture('eccc-cap-airquality-CWVR-2022-10-10.cap.xml'),
    );
    expect([events.length, skipped]).toEqual([1, 0]);
    const [statement] = events;
    expect(statement).toMatchObject({
      title: 'special air quality statement in effect',
      type: 'NATURAL_HAZARD',
      severity: 'MEDIUM',
      closed: false,
    });
    expect(statement?.area?.type).toBe('MultiPolygon');
    expect(statement?.startsAt?.toISOString()).toBe('2022-10-10T17:43:34.000Z');
  });
});

describe('the news connector', () => {
  const document = fixture('news-supply-chain.rss.xml');

  it('makes an unverified incident of each item matching a rule, with the names it may be at', () => {
    const { events, skipped } = CONNECTORS.NEWS.parse(document);
    // The market report matches no rule.
    expect(skipped).toBe(1);
    expect(events.map((event) => [event.type, event.placeNames?.[0], event.unverified])).toEqual([
      ['STRIKE', 'Port Klang', true],
      ['SUPPLIER_FAILURE', 'Hsinchu', true],
      ['GEOPOLITICAL', 'Suez Canal', true],
      ['STRIKE', 'Felixstowe', true],
      ['BORDER_CUSTOMS', 'Laredo', true],
      ['STRIKE', 'CNBC', true],
    ]);
    const [klang] = events;
    expect(klang).toMatchObject({
      sourceId: 'CBMiTest0001',
      title: 'Dockworkers strike halts container operations at Port Klang - The Edge Malaysia',
      severity: 'MEDIUM',
      lat: null,
      lng: null,
      sourceUrl: 'https://news.google.com/rss/articles/CBMiTest0001?oc=5',
    });
    expect(klang?.startsAt?.toISOString()).toBe('2026-11-27T07:40:00.000Z');
    // Entities decoded in the title; the summary's HTML gone.
    expect(events[3]?.title).toContain('dockers’ union');
    expect(events[0]?.description).not.toContain('<');
  });

  it("follows the source's own rules: whole words, any case, plurals, first rule first", () => {
    const { events, skipped } = CONNECTORS.NEWS.parse(document, {
      rules: [
        { type: 'PORT_CONGESTION', keywords: ['freight rate'] },
        { type: 'CYBER', keywords: ['FIRE halts'] },
        { type: 'OTHER', keywords: ['strike', 'tri'] },
      ],
    });
    expect(events.map((event) => [event.sourceId, event.type])).toEqual([
      ['CBMiTest0001', 'OTHER'],
      ['CBMiTest0002', 'CYBER'],
      ['CBMiTest0006', 'OTHER'],
      ['CBMiTest0007', 'PORT_CONGESTION'],
    ]);
    // "tri" is no word of "strike" or "trucks": whole words only.
    expect(skipped).toBe(3);
  });

  it('reads a real RSS capture (GDACS, 30 December 2019) by rules alone, ignoring its geotags', () => {
    const { events, skipped } = CONNECTORS.NEWS.parse(fixture('gdacs-rss-2019-12-30.xml'), {
      rules: [
        { type: 'NATURAL_HAZARD', keywords: ['earthquake'] },
        { type: 'WEATHER', keywords: ['tropical cyclone'] },
      ],
    });
    // Two earthquakes and three cyclones of sixteen items; the eleven droughts match no rule.
    expect(events.map((event) => event.type).sort()).toEqual([
      'NATURAL_HAZARD',
      'NATURAL_HAZARD',
      'WEATHER',
      'WEATHER',
      'WEATHER',
    ]);
    expect(skipped).toBe(11);
    const quake = events.find((event) => event.title.includes('South Africa'));
    // Placed by name, never by the item's georss point: news is read as text.
    expect(quake).toMatchObject({ lat: null, lng: null, unverified: true });
    expect(quake?.placeNames?.[0]).toBe('South Africa');
    expect(quake?.startsAt?.getUTCFullYear()).toBe(2019);
  });

  it('offers the names after "at", "in", "near" first, and leaves out words that begin headlines', () => {
    expect(placeCandidates('Strike at Port Klang as talks with Westports fail')).toEqual([
      'Port Klang',
      'Klang',
      'Westports',
    ]);
    // A title-case headline: "Near" still says where.
    const hormuz = placeCandidates('Tanker Attacked Near Strait of Hormuz');
    expect(hormuz[0]).toBe('Strait of Hormuz');
    expect(hormuz).toContain('Hormuz');
    expect(hormuz.indexOf('Hormuz')).toBeLessThan(hormuz.indexOf('Tanker Attacked'));
    expect(placeCandidates('Update: Fire in Rio de Janeiro warehouse')[0]).toBe('Rio de Janeiro');
  });
});
