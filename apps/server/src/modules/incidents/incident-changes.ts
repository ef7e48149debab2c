import { isDeepStrictEqual } from 'node:util';
import type { IncidentRow } from './incidents.repository.js';
import { areaSummary } from './incidents.mapper.js';

export type Change = { field: string; from: unknown; to: unknown };

/** The fields whose change the timeline records, and how each is read off a row. */
export const TRACKED: Record<string, (row: IncidentRow) => unknown> = {
  title: (row) => row.title,
  description: (row) => row.description,
  severity: (row) => row.severity,
  type: (row) => row.type,
  location: (row) =>
    row.lat === null || row.lng === null
      ? null
      : { lat: row.lat, lng: row.lng, countryCode: row.countryCode },
  startsAt: (row) => row.startsAt.toISOString(),
  endsAt: (row) => row.endsAt?.toISOString() ?? null,
  affectedRadiusKm: (row) => row.affectedRadiusKm,
  area: (row) => areaSummary(row.area),
  assigneeId: (row) => row.assigneeId,
  sourceUrl: (row) => row.sourceUrl,
  /** A news item's incident confirmed by a person. */
  verified: (row) => !row.unverified,
};

/** What differs between two versions of an incident, in the tracked fields (or some of them). */
export function changesBetween(
  before: IncidentRow,
  after: IncidentRow,
  fields: readonly string[] = Object.keys(TRACKED),
): Change[] {
  return fields
    .map((field) => {
      const read = TRACKED[field];
      return read ? { field, from: read(before), to: read(after) } : null;
    })
    .filter(
      (change): change is Change => change !== null && !isDeepStrictEqual(change.from, change.to),
    );
}
