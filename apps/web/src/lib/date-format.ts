const SHORT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
const DAY = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'numeric', day: 'numeric' });

/** "26 Nov, 19:07" in the reader's time zone: a moment within the last months. */
export const formatShortTime = (iso: string): string => SHORT.format(new Date(iso));

/**
 * "26 Nov, 19:07 – 27 Nov, 08:00", or "26 Nov, 19:07 – 21:30" within one day (the reader's).
 */
export function formatShortSpan(fromIso: string, toIso: string): string {
  const from = new Date(fromIso);
  const to = new Date(toIso);
  const end = DAY.format(from) === DAY.format(to) ? TIME.format(to) : SHORT.format(to);
  return `${SHORT.format(from)} – ${end}`;
}
