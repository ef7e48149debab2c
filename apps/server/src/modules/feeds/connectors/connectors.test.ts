import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONNECTORS, FeedFormatError } from './index.js';
import { usgsRadiusKm, usgsSeverity } from './usgs.js';

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

  it('reads actual alerts with polygons, skips zone-only and test messages', () => {
    expect(skipped).toBe(2);
    expect(events).toHaveLength(2);
    const [hurricane, flood] = events;
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
