import {
  type Connector,
  type FeedEvent,
  dateOf,
  featuresOf,
  finite,
  parseJson,
  placeOf,
  text,
  titleOf,
} from './types.js';
import { usgsRadiusKm, usgsSeverity } from './usgs.js';

/**
 * EMSC event types that are earthquakes (FDSN/QuakeML codes): `ke` known, `se` suspected;
 * `ki`/`si` induced. Explosions and quarry blasts (`kr`, `sr`, `qb`...) are not hazards to
 * supply chains and are counted as skipped.
 */
const EARTHQUAKE_TYPES = new Set(['ke', 'se', 'ki', 'si']);

/** "OFFSHORE COQUIMBO, CHILE" (Flinn-Engdahl regions are upper case) → "Offshore Coquimbo, Chile". */
const regionName = (region: string) =>
  region.toLowerCase().replace(/(^|[\s,(/-])(\p{L})/gu, (_, before: string, letter: string) => {
    return `${before}${letter.toUpperCase()}`;
  });

/**
 * EMSC (European-Mediterranean Seismological Centre) earthquakes from its FDSN event service
 * in JSON (https://www.seismicportal.eu/fdsnws/event/1/query?format=json&minmag=4.5&orderby=time):
 * a GeoJSON FeatureCollection whose `id` is the event's `unid`, `properties.time` ISO text,
 * `properties.depth` positive km (the geometry's third coordinate is its negative). No PAGER
 * level and no tsunami flag: the severity and reach follow the magnitude, as for USGS without
 * them. A query answers a time window, not the feed's whole state: not a snapshot.
 */
export const emscConnector: Connector = {
  kind: 'EMSC',
  snapshot: false,
  parse(document) {
    const events: FeedEvent[] = [];
    let skipped = 0;
    for (const feature of featuresOf(parseJson(document))) {
      const properties = (feature.properties ?? {}) as Record<string, unknown>;
      const id = text(feature.id) ?? text(properties.unid);
      const magnitude = finite(properties.mag);
      const place = placeOf(feature.geometry);
      const time = dateOf(properties.time);
      const kind = text(properties.evtype)?.toLowerCase();
      if (!id || magnitude === null || !place || !time || (kind && !EARTHQUAKE_TYPES.has(kind))) {
        skipped += 1;
        continue;
      }
      const region = text(properties.flynn_region);
      const where = region ? regionName(region) : null;
      const scale = text(properties.magtype);
      const depth = finite(properties.depth);
      const details = [
        `Magnitude ${magnitude}${scale ? ` (${scale})` : ''}`,
        where,
        depth !== null ? `Depth ${depth} km` : null,
        text(properties.auth) ? `Located by ${String(properties.auth)}` : null,
      ].filter(Boolean);
      events.push({
        sourceId: id,
        title: titleOf(`M ${magnitude} - ${where ?? 'earthquake'}`),
        description: details.join('. '),
        type: 'NATURAL_HAZARD',
        hazard: 'EARTHQUAKE',
        severity: usgsSeverity(magnitude, null, false),
        ...place,
        countryCode: null,
        affectedRadiusKm: usgsRadiusKm(magnitude),
        startsAt: time,
        endsAt: null,
        closed: false,
        sourceUrl: `https://www.seismicportal.eu/eventdetails.html?unid=${encodeURIComponent(id)}`,
      });
    }
    return { events, skipped };
  },
};
