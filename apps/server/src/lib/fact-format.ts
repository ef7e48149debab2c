/** How facts are written in words: by the analysis assistant and in alert messages alike. */

const HOUR = 3_600_000;
const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** `IN_PROGRESS` → `in progress`. */
export const words = (value: string): string => value.toLowerCase().replaceAll('_', ' ');

/** `2025-03-14 08:30 UTC`: one unambiguous form, whoever reads it. */
export const when = (date: Date): string =>
  `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export const day = (date: Date): string => date.toISOString().slice(0, 10);

export const hoursBetween = (from: Date, to: Date): number =>
  (to.getTime() - from.getTime()) / HOUR;

/** `40 minutes`, `5 hours`, `3.5 days`. */
export function duration(hours: number): string {
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} minutes`;
  if (hours < 48) {
    const rounded = Math.round(hours);
    return `${rounded} hour${rounded === 1 ? '' : 's'}`;
  }
  return `${Math.round((hours / 24) * 10) / 10} days`;
}

export const countryName = (code: string | null): string | null =>
  code ? (regions.of(code.toUpperCase()) ?? code) : null;

/** `Japan (35.68, 139.69)`, or whichever part is known. */
export function placeOf(facts: {
  countryCode: string | null;
  lat: number | null;
  lng: number | null;
}): string | null {
  const point =
    facts.lat !== null && facts.lng !== null
      ? `${facts.lat.toFixed(2)}, ${facts.lng.toFixed(2)}`
      : null;
  const country = countryName(facts.countryCode);
  if (country && point) return `${country} (${point})`;
  return country ?? point;
}

/** `3 sea, 1 air` from counts by key, largest first, zeros left out. */
export const countsOf = (
  counts: Readonly<Record<string, number>>,
  name: (key: string, count: number) => string = (key) => words(key),
): string =>
  Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort(([, a], [, b]) => b - a)
    .map(([key, count]) => `${count} ${name(key, count)}`)
    .join(', ');

/** The first `max` characters of a text on one line, with an ellipsis when cut. */
export function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

export const plural = (count: number, one: string, many = `${one}s`): string =>
  `${count} ${count === 1 ? one : many}`;
