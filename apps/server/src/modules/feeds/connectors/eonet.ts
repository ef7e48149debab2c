import type { Hazard, IncidentType, Severity } from '@meridian/contracts';
import { windSeverity } from './classify.js';
import {
  type Connector,
  type FeedEvent,
  FeedFormatError,
  dateOf,
  descriptionOf,
  featuresOf,
  finite,
  parseJson,
  placeOf,
  text,
  titleOf,
} from './types.js';

/** EONET's categories that are one hazard; a severe storm is a cyclone when its name says so. */
const HAZARDS: Record<string, Hazard> = {
  wildfires: 'WILDFIRE',
  volcanoes: 'VOLCANO',
  floods: 'FLOOD',
  earthquakes: 'EARTHQUAKE',
  drought: 'DROUGHT',
};
const eonetHazard = (category: string, title: string): Hazard | null =>
  HAZARDS[category] ??
  (category === 'severeStorms' && /\b(cyclone|hurricane|typhoon|tropical)\b/i.test(title)
    ? 'TROPICAL_CYCLONE'
    : null);

const TYPES: Record<string, IncidentType> = {
  severeStorms: 'WEATHER',
  snow: 'WEATHER',
  tempExtremes: 'WEATHER',
  dustHaze: 'WEATHER',
  wildfires: 'NATURAL_HAZARD',
  volcanoes: 'NATURAL_HAZARD',
  floods: 'NATURAL_HAZARD',
  earthquakes: 'NATURAL_HAZARD',
  landslides: 'NATURAL_HAZARD',
  drought: 'NATURAL_HAZARD',
  seaLakeIce: 'OTHER',
  waterColor: 'OTHER',
  manmade: 'OTHER',
};

/** EONET gives no severity; a storm's wind (kts) and a fire's size (acres) say something. */
export function eonetSeverity(
  category: string,
  magnitude: number | null,
  unit: string | null,
): Severity {
  if (magnitude !== null && unit === 'kts') return windSeverity(magnitude);
  if (magnitude !== null && unit === 'acres') {
    return magnitude >= 100_000 ? 'HIGH' : magnitude >= 10_000 ? 'MEDIUM' : 'LOW';
  }
  return category === 'volcanoes' || category === 'floods' ? 'HIGH' : 'MEDIUM';
}

/** One observation of an event: EONET's geometry is a time series. */
type Observation = {
  date: Date;
  geometry: unknown;
  magnitude: number | null;
  unit: string | null;
};

type EonetEvent = {
  id: string;
  title: string;
  description: string | null;
  link: string | null;
  closed: Date | null;
  category: string;
  observations: Observation[];
};

const categoryOf = (categories: unknown): string => {
  const first = Array.isArray(categories) ? (categories[0] as Record<string, unknown>) : null;
  return text(first?.id) ?? 'other';
};

/** `/events/geojson`: a feature per observation, its properties the event's. */
function fromGeoJson(document: unknown): EonetEvent[] {
  const events = new Map<string, EonetEvent>();
  for (const feature of featuresOf(document)) {
    const p = (feature.properties ?? {}) as Record<string, unknown>;
    const id = text(p.id);
    const date = dateOf(p.date);
    if (!id || !date) continue;
    const event = events.get(id) ?? {
      id,
      title: text(p.title) ?? id,
      description: text(p.description),
      link: text(p.link),
      closed: dateOf(p.closed),
      category: categoryOf(p.categories),
      observations: [],
    };
    event.observations.push({
      date,
      geometry: feature.geometry,
      magnitude: finite(p.magnitudeValue),
      unit: text(p.magnitudeUnit),
    });
    events.set(id, event);
  }
  return [...events.values()];
}

/** `/events`: each event with its list of geometries. */
function fromEventList(events: unknown[]): EonetEvent[] {
  return events.flatMap((item) => {
    const e = (item ?? {}) as Record<string, unknown>;
    const id = text(e.id);
    if (!id) return [];
    const geometries = Array.isArray(e.geometry) ? (e.geometry as Record<string, unknown>[]) : [];
    return [
      {
        id,
        title: text(e.title) ?? id,
        description: text(e.description),
        link: text(e.link),
        closed: dateOf(e.closed),
        category: categoryOf(e.categories),
        observations: geometries.flatMap((g) => {
          const date = dateOf(g.date);
          return date
            ? [
                {
                  date,
                  geometry: g,
                  magnitude: finite(g.magnitudeValue),
                  unit: text(g.magnitudeUnit),
                },
              ]
            : [];
        }),
      },
    ];
  });
}

/**
 * NASA EONET v3 natural events, either form. The latest observation places the event and
 * gives its magnitude; the first is its start; `closed` ends it. Asked for with
 * `status=open`, the list holds what is going on: an event that leaves it is over.
 */
export const eonetConnector: Connector = {
  kind: 'EONET',
  snapshot: true,
  parse(document) {
    const parsed = parseJson(document) as { type?: unknown; events?: unknown };
    let list: EonetEvent[];
    if (parsed?.type === 'FeatureCollection') list = fromGeoJson(parsed);
    else if (Array.isArray(parsed?.events)) list = fromEventList(parsed.events);
    else throw new FeedFormatError('neither EONET events nor a GeoJSON FeatureCollection');
    const events: FeedEvent[] = [];
    let skipped = 0;
    for (const event of list) {
      const observations = [...event.observations].sort(
        (a, b) => a.date.getTime() - b.date.getTime(),
      );
      const first = observations[0];
      const latest = observations.at(-1);
      const place = latest ? placeOf(latest.geometry) : null;
      if (!first || !latest || !place) {
        skipped += 1;
        continue;
      }
      events.push({
        sourceId: event.id,
        title: titleOf(event.title),
        description: descriptionOf(event.description),
        type: TYPES[event.category] ?? 'OTHER',
        hazard: eonetHazard(event.category, event.title),
        severity: eonetSeverity(event.category, latest.magnitude, latest.unit),
        ...place,
        countryCode: null,
        affectedRadiusKm: null,
        startsAt: first.date,
        endsAt: event.closed,
        closed: event.closed !== null,
        sourceUrl: event.link,
      });
    }
    return { events, skipped };
  },
};
