import type { Severity } from '@meridian/contracts';
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

/** CAP 1.2 severities. */
const BY_SEVERITY: Record<string, Severity> = {
  extreme: 'CRITICAL',
  severe: 'HIGH',
  moderate: 'MEDIUM',
  minor: 'LOW',
  unknown: 'LOW',
};

const GEOPHYSICAL = /tsunami|earthquake|volcan|avalanche|landslide|debris flow/i;

type Reference = { identifier?: unknown; sent?: unknown };

/**
 * The first message of the chain this one belongs to: an Update names the messages it
 * replaces, and the chain keeps one incident.
 */
function chainId(id: string, references: unknown): string {
  if (!Array.isArray(references) || references.length === 0) return id;
  const earliest = (references as Reference[])
    .map((reference) => ({
      identifier: text(reference.identifier),
      sent: dateOf(reference.sent)?.getTime() ?? Infinity,
    }))
    .filter((reference): reference is { identifier: string; sent: number } =>
      Boolean(reference.identifier),
    )
    .sort((a, b) => a.sent - b.sent)[0];
  return earliest?.identifier ?? id;
}

/**
 * US National Weather Service active alerts (CAP 1.2 as GeoJSON). The list holds what is in
 * force now, so an alert that leaves it is over; a Cancel ends it at once. An alert without a
 * polygon (zone-only) names its zones (`affectedZones`): their shapes are fetched and become
 * its area (see zones.ts).
 */
export const nwsConnector: Connector = {
  kind: 'NWS',
  snapshot: true,
  parse(document) {
    const events = new Map<string, FeedEvent>();
    let skipped = 0;
    for (const feature of featuresOf(parseJson(document))) {
      const p = (feature.properties ?? {}) as Record<string, unknown>;
      const id = text(p.id) ?? text(feature.id);
      const zones = Array.isArray(p.affectedZones)
        ? p.affectedZones.map(text).filter((zone): zone is string => zone !== null)
        : [];
      const place =
        placeOf(feature.geometry) ??
        (zones.length > 0 ? { lat: null, lng: null, area: null } : null);
      const startsAt = dateOf(p.onset) ?? dateOf(p.effective) ?? dateOf(p.sent);
      const status = text(p.status)?.toLowerCase() ?? 'actual';
      if (!id || !place || !startsAt || status !== 'actual') {
        skipped += 1;
        continue;
      }
      const event = text(p.event) ?? 'Weather alert';
      const area = text(p.areaDesc);
      const sourceId = chainId(id, p.references);
      const details = [text(p.description), text(p.instruction)].filter(Boolean).join('\n\n');
      const detailUrl = text(feature.id) ?? text(p['@id']);
      events.set(sourceId, {
        sourceId,
        title: titleOf(text(p.headline) ?? (area ? `${event}: ${area}` : event)),
        description: descriptionOf(details || area),
        type: GEOPHYSICAL.test(event) ? 'NATURAL_HAZARD' : 'WEATHER',
        severity: BY_SEVERITY[text(p.severity)?.toLowerCase() ?? 'unknown'] ?? 'LOW',
        ...place,
        ...(place.lat === null ? { zones } : {}),
        countryCode: 'US',
        affectedRadiusKm: null,
        startsAt,
        endsAt: dateOf(p.ends) ?? dateOf(p.expires),
        closed: text(p.messageType)?.toLowerCase() === 'cancel',
        sourceUrl: detailUrl?.startsWith('http') ? detailUrl : null,
      });
    }
    return { events: [...events.values()], skipped };
  },
};
