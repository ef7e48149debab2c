import type { PlaceCandidate } from '@meridian/contracts';
import type { FeedEvent, ParsedFeed } from './connectors/types.js';
import { descriptionOf } from './connectors/types.js';

/** The place of the first of some names that a place is called (the geocoder's). */
export type FindPlace = (names: readonly string[]) => Promise<PlaceCandidate | null>;

const KIND_WORDS: Record<PlaceCandidate['kind'], string> = {
  PORT: 'port',
  AIRPORT: 'airport',
  CITY: 'city',
  WATERWAY: 'waterway',
};

/**
 * Places the events a feed names only in words (a news item's `placeNames`): each at the first
 * name the geocoder knows, its description saying where it was placed and why, so the person
 * who confirms it can check. An event no name places is left out (counted as skipped).
 */
export async function placeByNames(parsed: ParsedFeed, find: FindPlace): Promise<ParsedFeed> {
  let skipped = parsed.skipped;
  const events: FeedEvent[] = [];
  const known = new Map<string, PlaceCandidate | null>();
  for (const event of parsed.events) {
    const { placeNames, ...rest } = event;
    if (!placeNames) {
      events.push(event);
      continue;
    }
    const key = placeNames.join('\n');
    if (!known.has(key)) known.set(key, await find(placeNames));
    const place = known.get(key);
    if (!place) {
      skipped += 1;
      continue;
    }
    const where = `Placed at ${place.name}, ${place.country} (${KIND_WORDS[place.kind]}${place.locode ? ` ${place.locode}` : ''}), named in the item.`;
    events.push({
      ...rest,
      lat: place.lat,
      lng: place.lng,
      countryCode: place.countryCode,
      description: descriptionOf(rest.description ? `${where} ${rest.description}` : where),
    });
  }
  return { ...parsed, events, skipped };
}
