import type { IncidentType, Severity } from '@meridian/contracts';
import { hazardOfCode } from './classify.js';
import {
  type Connector,
  type FeedEvent,
  dateOf,
  descriptionOf,
  featuresOf,
  parseJson,
  placeOf,
  text,
  titleOf,
} from './types.js';

/** GDACS has three levels: Green (little impact expected), Orange, Red. */
const BY_ALERT: Record<string, Severity> = { red: 'CRITICAL', orange: 'HIGH', green: 'LOW' };

const TYPE_NAMES: Record<string, string> = {
  EQ: 'Earthquake',
  TC: 'Tropical cyclone',
  FL: 'Flood',
  VO: 'Volcano',
  DR: 'Drought',
  WF: 'Wildfire',
  TS: 'Tsunami',
};

const typeOf = (eventType: string): IncidentType =>
  eventType === 'TC' ? 'WEATHER' : 'NATURAL_HAZARD';

/**
 * The list's MAP variant gives each event several features, told apart by `Class`: its centroid,
 * an earthquake's shaking circle (`Poly_Circle`), a cyclone's track (`Line_Line_n`), small
 * shapes at each track point (`Point_Polygon_Point_n`), its wind buffers (`Poly_Green` ⊃
 * `Poly_Orange` ⊃ `Poly_Red`, along the past and forecast track) and its forecast cone. The area
 * is a polygon of the event, the widest wind buffer before the others; a shape at a point or the
 * cone only places the event.
 */
const areaRank = (featureClass: string | null): number =>
  featureClass === null
    ? 1
    : featureClass.startsWith('Point_') || featureClass === 'Poly_Cones'
      ? 0
      : featureClass === 'Poly_Green'
        ? 2
        : 1;

/**
 * GDACS event list (GeoJSON): one feature per event (or several, see areaRank), the id of an event (type + number)
 * stable across its episodes, each episode an update (alert level, dates, severity text);
 * `iscurrent: "false"` ends it. Dates carry no zone: they are UTC.
 */
export const gdacsConnector: Connector = {
  kind: 'GDACS',
  snapshot: false,
  parse(document) {
    const events = new Map<string, FeedEvent>();
    const areaRanks = new Map<string, number>();
    /** Events with a feature that could not be read (a track line, say), and features with no event. */
    const unread = new Set<string>();
    let anonymous = 0;
    for (const feature of featuresOf(parseJson(document))) {
      const p = (feature.properties ?? {}) as Record<string, unknown>;
      const eventType = text(p.eventtype)?.toUpperCase();
      const eventId =
        typeof p.eventid === 'number' || typeof p.eventid === 'string'
          ? text(String(p.eventid))
          : null;
      const rank = areaRank(text(p.Class));
      const place = placeOf(feature.geometry);
      if (place?.area && rank === 0) place.area = null;
      const startsAt = dateOf(p.fromdate);
      if (!eventType || !eventId) {
        anonymous += 1;
        continue;
      }
      const sourceId = `${eventType}${eventId}`;
      if (!place || !startsAt) {
        unread.add(sourceId);
        continue;
      }
      const alert = (text(p.episodealertlevel) ?? text(p.alertlevel) ?? 'green').toLowerCase();
      const severityData = (p.severitydata ?? {}) as Record<string, unknown>;
      const countries = Array.isArray(p.affectedcountries)
        ? (p.affectedcountries as Record<string, unknown>[])
        : [];
      const iso2 = text(countries[0]?.iso2)?.toUpperCase() ?? null;
      const current = p.iscurrent !== false && text(p.iscurrent)?.toLowerCase() !== 'false';
      const urls = (p.url ?? {}) as Record<string, unknown>;
      const name = text(p.name) ?? text(p.eventname);
      const event: FeedEvent = {
        sourceId,
        title: titleOf(
          name ?? `${TYPE_NAMES[eventType] ?? eventType} in ${text(p.country) ?? 'unknown area'}`,
        ),
        description: descriptionOf(
          [text(p.description), text(severityData.severitytext), text(p.country)]
            .filter(Boolean)
            .join('. ') || null,
        ),
        type: typeOf(eventType),
        hazard: hazardOfCode(eventType),
        severity: BY_ALERT[alert] ?? 'LOW',
        ...place,
        countryCode: iso2 && /^[A-Z]{2}$/.test(iso2) ? iso2 : null,
        affectedRadiusKm: null,
        startsAt,
        endsAt: current ? null : dateOf(p.todate),
        closed: !current,
        sourceUrl: text(urls.report),
      };
      // The list may carry an event's polygon beside its point: the polygon is its area.
      const known = events.get(sourceId);
      if (!known) events.set(sourceId, event);
      else if (event.area && rank > (areaRanks.get(sourceId) ?? 0)) known.area = event.area;
      if (event.area) areaRanks.set(sourceId, Math.max(rank, areaRanks.get(sourceId) ?? 0));
    }
    // Left out: an event none of whose features could be read.
    const skipped = anonymous + [...unread].filter((id) => !events.has(id)).length;
    return { events: [...events.values()], skipped };
  },
};
