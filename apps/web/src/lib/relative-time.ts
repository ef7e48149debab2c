const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "3 minutes ago", "in 30 seconds": the largest unit that fits, from `now`. */
export function relativeTime(iso: string, now = Date.now()): string {
  const delta = Date.parse(iso) - now;
  for (const [unit, size] of UNITS) {
    if (Math.abs(delta) >= size || unit === 'second') {
      return format.format(Math.round(delta / size), unit);
    }
  }
  return format.format(0, 'second');
}
