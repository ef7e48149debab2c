/** Texts of the monitoring screens (spec parts 2 and 8). */
export const events = {
  title: 'Events',
  subtitle: 'Ongoing and historical incidents scoped to your organization',
  loadFailed: 'Unable to load events',
  loadFailedInner: 'Failed to load events',
  empty: 'No incidents found for this scope.',
  locationUnavailable: 'Approximate or unavailable',
  dateUnknown: 'Unknown',
  eventNotFound: 'Event not found',
  eventLoadFailed: 'Unable to load this event',
} as const;
