import { severityOf, typeOf } from './classify.js';
import {
  type Connector,
  type FeedEvent,
  dateOf,
  descriptionOf,
  featuresOf,
  finite,
  parseJson,
  placeOf,
  text,
  titleOf,
} from './types.js';

/** The first property of these names that has a value. */
function pick(properties: Record<string, unknown>, names: string[]): unknown {
  for (const name of names) {
    const value = properties[name];
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return undefined;
}

const asText = (value: unknown): string | null =>
  typeof value === 'number' ? String(value) : text(value);

/**
 * Any GeoJSON FeatureCollection of events, read by the property names publishers commonly use:
 * an id (`id`, `identifier`, `guid`, or the feature's own), a title (`title`, `name`,
 * `headline`, `event`), a severity (CAP words, alert colours or Meridian's levels in
 * `severity`, `alertlevel`, `level`), times (`time`, `start`, `onset`, `effective`…; `end`,
 * `expires`…), a link (`url`, `link`, `web`) and `closed`/`status`. Features without an id,
 * a title or a usable geometry are skipped.
 */
export const geojsonConnector: Connector = {
  kind: 'GEOJSON',
  snapshot: false,
  parse(document) {
    const events = new Map<string, FeedEvent>();
    let skipped = 0;
    for (const feature of featuresOf(parseJson(document))) {
      const p = (feature.properties ?? {}) as Record<string, unknown>;
      const id =
        asText(pick(p, ['id', 'identifier', 'guid', 'eventid', 'code'])) ?? asText(feature.id);
      const title = asText(pick(p, ['title', 'name', 'headline', 'event', 'place']));
      const place = placeOf(feature.geometry);
      if (!id || !title || !place) {
        skipped += 1;
        continue;
      }
      const description = asText(pick(p, ['description', 'summary', 'details', 'areaDesc']));
      const status = asText(pick(p, ['status', 'state']))?.toLowerCase() ?? '';
      events.set(id, {
        sourceId: id,
        title: titleOf(title),
        description: descriptionOf(description),
        type: typeOf(
          [asText(pick(p, ['type', 'eventtype', 'category', 'event'])), title, description],
          [asText(p.category) ?? ''],
        ),
        severity: severityOf(
          asText(p.severity),
          asText(p.alertlevel),
          asText(p.alert),
          asText(p.level),
        ),
        ...place,
        countryCode: null,
        affectedRadiusKm: finite(pick(p, ['radiusKm', 'radius_km', 'affectedRadiusKm'])),
        startsAt: dateOf(
          pick(p, ['time', 'start', 'startsAt', 'onset', 'effective', 'date', 'updated']),
        ),
        endsAt: dateOf(pick(p, ['end', 'endsAt', 'ends', 'expires', 'todate'])),
        closed:
          p.closed === true ||
          (typeof p.closed === 'string' && p.closed !== '') ||
          ['closed', 'resolved', 'cancelled', 'canceled', 'ended'].includes(status),
        sourceUrl: asText(pick(p, ['url', 'link', 'web', 'sourceUrl'])),
      });
    }
    return { events: [...events.values()], skipped };
  },
};
