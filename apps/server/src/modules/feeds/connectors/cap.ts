import { severityOf, typeOf } from './classify.js';
import {
  type Connector,
  type FeedEvent,
  dateOf,
  descriptionOf,
  finite,
  placeOf,
  titleOf,
} from './types.js';
import { type XmlNode, findAll, listOf, nodesOf, parseXml, textOf } from './xml.js';

type Place = Pick<FeedEvent, 'lat' | 'lng' | 'area' | 'affectedRadiusKm'>;

/** CAP writes positions "lat,lon" (the reverse of GeoJSON), pairs separated by spaces. */
function ringOf(polygon: string): number[][] | null {
  const ring = polygon
    .trim()
    .split(/\s+/)
    .map((pair) => pair.split(',').map(Number))
    .map(([lat, lng]) => [lng ?? NaN, lat ?? NaN]);
  if (ring.length < 3 || ring.some((position) => position.some((n) => !Number.isFinite(n)))) {
    return null;
  }
  const [first, last] = [ring[0]!, ring.at(-1)!];
  if (first[0] !== last[0] || first[1] !== last[1]) ring.push([...first]);
  return ring.length >= 4 ? ring : null;
}

/** A circle is "lat,lon radius_km": its centre, and the radius when it is not zero. */
function circleOf(circle: string): Place | null {
  const [centre, radius] = circle.trim().split(/\s+/);
  const [lat, lng] = (centre ?? '').split(',').map(Number);
  const place = placeOf({ type: 'Point', coordinates: [lng, lat] });
  if (!place) return null;
  const km = finite(radius);
  return { ...place, affectedRadiusKm: km && km > 0 ? km : null };
}

/** The alert's areas as one shape: its polygons (kept as the area), else its first circle. */
export function capPlace(areas: XmlNode[]): Place | null {
  const rings = areas
    .flatMap((area) => listOf(area.polygon).map(textOf))
    .filter((polygon): polygon is string => polygon !== null)
    .map(ringOf)
    .filter((ring): ring is number[][] => ring !== null);
  if (rings.length > 0) {
    const place = placeOf(
      rings.length === 1
        ? { type: 'Polygon', coordinates: [rings[0]] }
        : { type: 'MultiPolygon', coordinates: rings.map((ring) => [ring]) },
    );
    if (place) return { ...place, affectedRadiusKm: null };
  }
  for (const area of areas) {
    for (const circle of listOf(area.circle)) {
      const place = circleOf(textOf(circle) ?? '');
      if (place) return place;
    }
  }
  return null;
}

/**
 * `references` is "sender,identifier,sent" entries separated by spaces: an Update or Cancel
 * belongs to the chain of the earliest message it names, which keeps one incident.
 */
export function capChainId(identifier: string, references: string | null): string {
  if (!references) return identifier;
  const earliest = references
    .trim()
    .split(/\s+/)
    .map((entry) => entry.split(','))
    .filter((parts) => parts.length >= 3 && parts[1])
    .map(([, id, ...sent]) => ({ id: id!, sent: dateOf(sent.join(','))?.getTime() ?? Infinity }))
    .sort((a, b) => a.sent - b.sent)[0];
  return earliest?.id ?? identifier;
}

/** English when the alert has it, else its first language. */
const infoOf = (alert: XmlNode): XmlNode | undefined => {
  const infos = nodesOf(alert.info);
  return infos.find((info) => /^en\b/i.test(textOf(info.language) ?? '')) ?? infos[0];
};

/**
 * Any CAP 1.2 document: one `<alert>`, or a feed (Atom or RSS, as national agencies publish)
 * whose entries carry alerts. Actual alerts become incidents; Update and Cancel messages keep
 * the incident of the alert they reference, and a Cancel (or the time in `expires`) ends it.
 * Alerts without a polygon or circle are skipped: a geocode alone does not place them.
 */
export const capConnector: Connector = {
  kind: 'CAP',
  snapshot: false,
  parse(document) {
    const events = new Map<string, FeedEvent & { sent: number }>();
    let skipped = 0;
    for (const alert of findAll(parseXml(document), 'alert')) {
      const identifier = textOf(alert.identifier);
      const info = infoOf(alert);
      const status = textOf(alert.status)?.toLowerCase() ?? 'actual';
      const sent = dateOf(textOf(alert.sent));
      const place = info ? capPlace(nodesOf(info.area)) : null;
      if (!identifier || !info || !place || status !== 'actual') {
        skipped += 1;
        continue;
      }
      const sourceId = capChainId(identifier, textOf(alert.references));
      // The newest message of a chain is what the chain says now.
      const known = events.get(sourceId);
      if (known && known.sent > (sent?.getTime() ?? 0)) continue;
      const event = textOf(info.event) ?? 'Alert';
      const areaNames = nodesOf(info.area)
        .map((area) => textOf(area.areaDesc))
        .filter(Boolean)
        .join('; ');
      const headline = textOf(info.headline);
      const details = [textOf(info.description), textOf(info.instruction)]
        .filter(Boolean)
        .join('\n\n');
      events.set(sourceId, {
        sourceId,
        sent: sent?.getTime() ?? 0,
        title: titleOf(headline ?? (areaNames ? `${event}: ${areaNames}` : event)),
        description: descriptionOf(details || areaNames || null),
        type: typeOf(
          [event, headline],
          listOf(info.category).map((category) => textOf(category) ?? ''),
        ),
        severity: severityOf(textOf(info.severity)),
        ...place,
        countryCode: null,
        startsAt: dateOf(textOf(info.onset)) ?? dateOf(textOf(info.effective)) ?? sent,
        endsAt: dateOf(textOf(info.expires)),
        closed: textOf(alert.msgType)?.toLowerCase() === 'cancel',
        sourceUrl: textOf(info.web),
      });
    }
    return { events: [...events.values()].map(({ sent: _sent, ...event }) => event), skipped };
  },
};
