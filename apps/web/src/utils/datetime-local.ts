/**
 * A native datetime-local input speaks the browser's local time without a zone; the API speaks
 * ISO UTC. These convert between the two (minutes precision, as the input shows).
 */
export const toLocalInput = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const time = new Date(iso);
  return new Date(time.getTime() - time.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** The input's value as ISO UTC; null when empty or not a date. */
export const fromLocalInput = (value: string): string | null => {
  if (!value) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
};
