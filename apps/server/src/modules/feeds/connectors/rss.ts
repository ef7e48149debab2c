import { decodeHTML } from 'entities';
import { hazardOfCode, severityOf, typeOf } from './classify.js';
import { capPlace } from './cap.js';
import {
  type Connector,
  type FeedEvent,
  dateOf,
  descriptionOf,
  placeOf,
  titleOf,
} from './types.js';
import { type XmlNode, findAll, listOf, nodesOf, parseXml, textOf } from './xml.js';

/** RSS dates are RFC 822 ("Fri, 20 Nov 2026 06:00:00 GMT"); Atom's are ISO 8601. */
export function feedDate(value: string | null): Date | null {
  if (value && /^[a-z]{3},|\b(GMT|UT|[ECMP][SD]T)$|[+-]\d{4}$/i.test(value.trim())) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return dateOf(value);
}

/**
 * Text as a reader sees it: feeds put HTML's entities (`33.514&deg;N`, `&eacute;`) in titles as
 * well as in descriptions, so HTML's named and numeric entities are decoded and spaces folded.
 */
const decoded = (value: string | null) =>
  (value && decodeHTML(value).replace(/\s+/g, ' ').trim()) || null;

const TAGS = /<[^>]*>/g;

/**
 * HTML in an item's description, as text: tags go before the entities are decoded, and again
 * after (a feed that escaped its HTML twice, `&amp;lt;b&amp;gt;`, leaves no tag behind).
 */
const plain = (html: string | null) =>
  decoded(decoded(html?.replace(TAGS, ' ') ?? null)?.replace(TAGS, ' ') ?? null);

/**
 * When an item's event ends. GDACS's `todate` is the time of the event's latest report, not its
 * end, while `iscurrent` is true: a current event has no end yet. Without `iscurrent` (other
 * feeds), `todate` is taken as the end.
 */
function itemEnd(item: XmlNode): Date | null {
  if (textOf(item.iscurrent)?.toLowerCase() === 'true') return null;
  return feedDate(textOf(item.todate));
}

/** An Atom link: the alternate one's `href`; an RSS link: its text. */
function linkOf(item: XmlNode): string | null {
  for (const link of listOf(item.link)) {
    if (typeof link === 'string') return textOf(link);
    const node = link as XmlNode;
    const rel = textOf(node['@rel']) ?? 'alternate';
    if (rel === 'alternate' && textOf(node['@href'])) return textOf(node['@href']);
    if (textOf(node)) return textOf(node);
  }
  return null;
}

/**
 * Where an item is: GeoRSS Simple (`georss:point` "lat lon", `georss:polygon` "lat lon lat
 * lon…", `georss:circle` "lat lon radius_m"), W3C Basic Geo (`geo:lat`/`geo:long`), or GML
 * (`gml:pos`) inside `georss:where`.
 */
function itemPlace(
  item: XmlNode,
): Pick<FeedEvent, 'lat' | 'lng' | 'area' | 'affectedRadiusKm'> | null {
  const pairs = (value: string) => {
    const numbers = value.trim().split(/[\s,]+/);
    const out: string[] = [];
    for (let i = 0; i + 1 < numbers.length; i += 2) out.push(`${numbers[i]},${numbers[i + 1]}`);
    return out.join(' ');
  };
  const polygons = listOf(item.polygon)
    .map(textOf)
    .filter((p): p is string => p !== null);
  if (polygons.length > 0) {
    const place = capPlace([{ polygon: polygons.map(pairs) }]);
    if (place) return place;
  }
  const circle = textOf(item.circle);
  if (circle) {
    const [lat, lng, metres] = circle.trim().split(/\s+/);
    const place = capPlace([{ circle: [`${lat},${lng} ${Number(metres) / 1000}`] }]);
    if (place) return place;
  }
  const point = textOf(item.point) ?? textOf(findAll(item, 'pos')[0]);
  const [lat, lng] = point
    ? point.trim().split(/[\s,]+/)
    : [textOf(item.lat), textOf(item.long) ?? textOf(item.lon)];
  if (!lat || !lng) return null;
  const place = placeOf({ type: 'Point', coordinates: [Number(lng), Number(lat)] });
  return place ? { ...place, affectedRadiusKm: null } : null;
}

/** An RSS item or Atom entry as read: its identity, link, title and summary as text. */
export type FeedItem = {
  node: XmlNode;
  /** Its guid (or id, or link); null when it has none. */
  id: string | null;
  link: string | null;
  title: string | null;
  summary: string | null;
};

/** The items of an RSS 2.0 feed or the entries of an Atom feed, in document order. */
export function readItems(document: string): FeedItem[] {
  const root = parseXml(document);
  return [...findAll(root, 'item'), ...findAll(root, 'entry')].map((node) => {
    const link = linkOf(node);
    return {
      node,
      id: textOf(node.guid) ?? textOf(node.id) ?? link,
      link,
      title: decoded(textOf(node.title)),
      summary: plain(textOf(node.description) ?? textOf(node.summary) ?? textOf(node.content)),
    };
  });
}

/**
 * An RSS 2.0 or Atom feed whose items are geotagged (GeoRSS or W3C Basic Geo), as disaster
 * agencies publish them (GDACS's rss.xml, say). The item's guid (or id, or link) is its
 * identity; severity comes from an alert level or severity element when there is one
 * (`gdacs:alertlevel`, `severity`), and the kind of event from its words. Items without a
 * place are skipped.
 */
export const rssConnector: Connector = {
  kind: 'RSS',
  snapshot: false,
  parse(document) {
    const events = new Map<string, FeedEvent>();
    let skipped = 0;
    for (const { node: item, id, link, title, summary: description } of readItems(document)) {
      const place = itemPlace(item);
      if (!id || !title || !place) {
        skipped += 1;
        continue;
      }
      const categories = nodesOf(item.category)
        .map((category) => textOf(category) ?? textOf(category['@term']))
        .concat(listOf(item.category).filter((c): c is string => typeof c === 'string'))
        .filter((category): category is string => category !== null);
      events.set(id, {
        sourceId: id,
        title: titleOf(title),
        description: descriptionOf(description),
        type: typeOf([title, textOf(item.eventtype), ...categories, description], categories),
        hazard: hazardOfCode(textOf(item.eventtype)),
        severity: severityOf(
          textOf(item.alertlevel),
          textOf(item.severity),
          textOf(item.episodealertlevel),
        ),
        ...place,
        countryCode: null,
        startsAt:
          feedDate(textOf(item.fromdate)) ??
          feedDate(textOf(item.published)) ??
          feedDate(textOf(item.pubDate)) ??
          feedDate(textOf(item.updated)),
        endsAt: itemEnd(item),
        closed: textOf(item.iscurrent)?.toLowerCase() === 'false',
        sourceUrl: link,
      });
    }
    return { events: [...events.values()], skipped };
  },
};
