import {
  type GeoArea,
  type Hazard,
  INCIDENT_LIMITS,
  type IncidentType,
  type NewsRule,
  type Severity,
  type SourceKind,
} from '@meridian/contracts';

/** One event of a feed, in Meridian's terms: what becomes (or updates) a global incident. */
export type FeedEvent = {
  /** The feed's own stable id for the event: with the source's key, the incident's identity. */
  sourceId: string;
  title: string;
  description: string | null;
  type: IncidentType;
  /** The natural event, where the feed names it: only such events are fused across feeds. */
  hazard?: Hazard | null;
  severity: Severity;
  lat: number | null;
  lng: number | null;
  countryCode: string | null;
  area: GeoArea | null;
  /** Null: the default for the type and severity. */
  affectedRadiusKm: number | null;
  /** Null: not said (a pushed incident); a new incident starts now, a known one keeps its start. */
  startsAt: Date | null;
  endsAt: Date | null;
  /** The feed says the event is over (closed, cancelled, deleted). */
  closed: boolean;
  sourceUrl: string | null;
  /**
   * Where the feed places the event by reference only (NWS zone-only alerts): the addresses of
   * the zones' shapes, fetched before the event is written; unresolved, the event is skipped.
   */
  zones?: string[];
  /**
   * Where a better area than the point can be read (NHC's forecast cone, a KMZ): fetched before
   * the event is written; until it can be read the event keeps its point and radius.
   */
  areaUrl?: string;
  /**
   * Names the event may be at, most likely first (a news item's place names): placed through
   * the geocoder before the event is written; an event none of them places is skipped.
   */
  placeNames?: string[];
  /** Made by keyword rules from text (a news item): unverified until a person confirms it. */
  unverified?: boolean;
};

export type ParsedFeed = {
  events: FeedEvent[];
  /** Entries left out, and why (no geometry, a test message...), for the source's health. */
  skipped: number;
  /**
   * Events in the document left out for now (their zones could not be placed yet): still
   * listed, so a snapshot feed does not take them for over.
   */
  heldBack?: string[];
};

/**
 * A feed's reader: the document's text in, events out. `snapshot` feeds list what is active
 * now, so an open incident missing from the document is over; the others list recent events
 * (an earthquake drops out of a day's list without being over).
 */
export type Connector = {
  kind: SourceKind;
  snapshot: boolean;
  parse: (document: string, options?: ParseOptions) => ParsedFeed;
};

/** What a source adds to its document: a news source's keyword rules. */
export type ParseOptions = { rules?: readonly NewsRule[] | null };

/** The document cannot be read as this feed: nothing is written, the source shows why. */
export class FeedFormatError extends Error {}

export function parseJson(document: string): unknown {
  try {
    return JSON.parse(document) as unknown;
  } catch (error) {
    throw new FeedFormatError(`malformed JSON: ${(error as Error).message}`);
  }
}

/** The features of a GeoJSON FeatureCollection, or a clear error for anything else. */
export function featuresOf(document: unknown): Record<string, unknown>[] {
  const collection = document as { type?: unknown; features?: unknown } | null;
  if (collection?.type !== 'FeatureCollection' || !Array.isArray(collection.features)) {
    throw new FeedFormatError('not a GeoJSON FeatureCollection');
  }
  return collection.features.filter(
    (feature): feature is Record<string, unknown> =>
      typeof feature === 'object' && feature !== null,
  );
}

export const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

export const finite = (value: unknown): number | null => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
};

/** A date from epoch milliseconds or ISO text; text without a zone is UTC (GDACS). */
export function dateOf(value: unknown): Date | null {
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  const raw = text(value);
  if (!raw) return null;
  const zoned = /([zZ]|[+-]\d\d:?\d\d)$/.test(raw) ? raw : `${raw}Z`;
  const date = new Date(zoned);
  return Number.isNaN(date.getTime()) ? null : date;
}

export const clip = (value: string | null, max: number): string | null =>
  value === null ? null : value.length > max ? `${value.slice(0, max - 1)}…` : value;

/** A title as one line: runs of spaces folded, and empty items of a list dropped ("A, , B"). */
export const titleOf = (value: string) => {
  const line = value
    .replace(/\s+/g, ' ')
    .replace(/(,\s*)+,/g, ',')
    .trim();
  return clip(line, INCIDENT_LIMITS.title) ?? line;
};
export const descriptionOf = (value: string | null) => clip(value, INCIDENT_LIMITS.description);

export { placeOf } from '../geometry.js';
