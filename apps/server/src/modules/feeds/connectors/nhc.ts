import { windSeverity } from './classify.js';
import {
  type Connector,
  type FeedEvent,
  FeedFormatError,
  descriptionOf,
  finite,
  parseJson,
  placeOf,
  text,
  titleOf,
} from './types.js';

/** NHC's classification codes (its JSON documentation and product examples). */
const CLASSIFICATIONS: Record<string, string> = {
  TD: 'Tropical Depression',
  TS: 'Tropical Storm',
  HU: 'Hurricane',
  MH: 'Major Hurricane',
  STD: 'Subtropical Depression',
  STS: 'Subtropical Storm',
  PTC: 'Post-tropical Cyclone',
  PC: 'Potential Tropical Cyclone',
  TY: 'Typhoon',
  STY: 'Super Typhoon',
  TC: 'Tropical Cyclone',
};

/** The compass point of a heading in degrees ("NNE"). */
const COMPASS = [
  'N',
  'NNE',
  'NE',
  'ENE',
  'E',
  'ESE',
  'SE',
  'SSE',
  'S',
  'SSW',
  'SW',
  'WSW',
  'W',
  'WNW',
  'NW',
  'NNW',
];
const compass = (degrees: number) =>
  COMPASS[Math.round((((degrees % 360) + 360) % 360) / 22.5) % 16];

/**
 * NOAA's National Hurricane Center's active storms (https://www.nhc.noaa.gov/CurrentStorms.json,
 * Atlantic, eastern and central Pacific): one entry per storm, its id (`al012020`) stable across
 * advisories, its centre in `latitudeNumeric`/`longitudeNumeric`, its wind (`intensity`, knots)
 * and pressure as text. The document lists the storms active now: a storm it no longer lists is
 * over (a snapshot). No genesis time is given: a storm starts when Meridian first sees it.
 */
export const nhcConnector: Connector = {
  kind: 'NHC',
  snapshot: true,
  parse(document) {
    const root = parseJson(document) as { activeStorms?: unknown } | null;
    if (!root || !Array.isArray(root.activeStorms)) {
      throw new FeedFormatError('not an NHC storm list (no activeStorms)');
    }
    const events: FeedEvent[] = [];
    let skipped = 0;
    for (const entry of root.activeStorms as unknown[]) {
      const storm = (entry ?? {}) as Record<string, unknown>;
      const id = text(storm.id)?.toLowerCase();
      const lat = finite(storm.latitudeNumeric);
      const lng = finite(storm.longitudeNumeric);
      const place =
        lat !== null && lng !== null ? placeOf({ type: 'Point', coordinates: [lng, lat] }) : null;
      if (!id || !place) {
        skipped += 1;
        continue;
      }
      const code = text(storm.classification)?.toUpperCase() ?? 'TC';
      const kind = CLASSIFICATIONS[code] ?? 'Tropical Cyclone';
      const name = text(storm.name);
      const wind = finite(storm.intensity);
      const pressure = finite(storm.pressure);
      const heading = finite(storm.movementDir);
      const speed = finite(storm.movementSpeed);
      const advisory = (storm.publicAdvisory ?? {}) as Record<string, unknown>;
      const cone = (storm.trackCone ?? {}) as Record<string, unknown>;
      const details = [
        wind !== null ? `Maximum sustained winds ${wind} kt` : null,
        pressure !== null ? `pressure ${pressure} mb` : null,
        heading !== null && speed !== null ? `moving ${compass(heading)} at ${speed} kt` : null,
        text(advisory.advNum) ? `public advisory ${String(advisory.advNum)}` : null,
      ].filter(Boolean);
      events.push({
        sourceId: id,
        title: titleOf(name ? `${kind} ${name}` : `${kind} ${id.toUpperCase()}`),
        description: descriptionOf(details.length > 0 ? `${details.join(', ')}.` : null),
        type: 'WEATHER',
        hazard: 'TROPICAL_CYCLONE',
        severity: windSeverity(wind),
        ...place,
        countryCode: null,
        affectedRadiusKm: null,
        startsAt: null,
        endsAt: null,
        closed: false,
        sourceUrl: text(advisory.url) ?? 'https://www.nhc.noaa.gov/',
        ...(text(cone.kmzFile) ? { areaUrl: text(cone.kmzFile) as string } : {}),
      });
    }
    return { events, skipped };
  },
};
