import type { Severity } from '@meridian/contracts';
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

/** PAGER's alert level, when USGS has estimated one, says the expected impact. */
const BY_ALERT: Record<string, Severity> = {
  red: 'CRITICAL',
  orange: 'HIGH',
  yellow: 'MEDIUM',
  green: 'LOW',
};

/** Without a PAGER level: by magnitude; a tsunami flag makes it at least HIGH. */
export function usgsSeverity(magnitude: number, alert: string | null, tsunami: boolean): Severity {
  const byAlert = alert ? BY_ALERT[alert.toLowerCase()] : undefined;
  const base: Severity =
    byAlert ??
    (magnitude >= 7.5
      ? 'CRITICAL'
      : magnitude >= 6.5
        ? 'HIGH'
        : magnitude >= 5.5
          ? 'MEDIUM'
          : 'LOW');
  return tsunami && (base === 'LOW' || base === 'MEDIUM') ? 'HIGH' : base;
}

/** The strong-shaking reach grows about tenfold per two magnitudes: M5 ≈ 35 km, M7 ≈ 260 km. */
export const usgsRadiusKm = (magnitude: number) =>
  Math.round(Math.min(1000, Math.max(10, 10 ** (0.43 * magnitude - 0.6))));

/**
 * USGS earthquake summary feeds (GeoJSON): one feature per event, its `id` stable, a newer
 * `updated` a revision; `status: deleted` withdraws it.
 */
export const usgsConnector: Connector = {
  kind: 'USGS',
  snapshot: false,
  parse(document) {
    const events: FeedEvent[] = [];
    let skipped = 0;
    for (const feature of featuresOf(parseJson(document))) {
      const properties = (feature.properties ?? {}) as Record<string, unknown>;
      const id = text(feature.id);
      const magnitude = finite(properties.mag);
      const place = placeOf(feature.geometry);
      const time = dateOf(properties.time);
      if (!id || magnitude === null || !place || !time) {
        skipped += 1;
        continue;
      }
      const where = text(properties.place);
      const tsunami = finite(properties.tsunami) === 1;
      const alert = text(properties.alert);
      const details = [
        `Magnitude ${magnitude}${text(properties.magType) ? ` (${String(properties.magType)})` : ''}`,
        where,
        alert ? `PAGER alert ${alert}` : null,
        tsunami ? 'Tsunami possible: see the tsunami warning centres' : null,
      ].filter(Boolean);
      events.push({
        sourceId: id,
        title: titleOf(text(properties.title) ?? `M ${magnitude} - ${where ?? 'earthquake'}`),
        description: details.join('. '),
        type: 'NATURAL_HAZARD',
        hazard: 'EARTHQUAKE',
        severity: usgsSeverity(magnitude, alert, tsunami),
        ...place,
        countryCode: null,
        affectedRadiusKm: usgsRadiusKm(magnitude),
        startsAt: time,
        endsAt: null,
        closed: text(properties.status) === 'deleted',
        sourceUrl: text(properties.url),
      });
    }
    return { events, skipped };
  },
};
