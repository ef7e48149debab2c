import type { GeoArea, Incident, IncidentDetail, TimelineEntry } from '@meridian/contracts';
import type { IncidentEventRow, IncidentRow } from './incidents.repository.js';

type Person = { id: string; firstName: string; lastName: string; email: string };

/** The list item: the spec's fields, then the additions. */
export const toIncidentDto = (row: IncidentRow): Incident => ({
  id: row.id,
  organizationId: row.organizationId,
  title: row.title,
  description: row.description,
  severity: row.severity,
  status: row.status,
  location:
    row.lat !== null && row.lng !== null
      ? { lat: row.lat, lng: row.lng, countryCode: row.countryCode }
      : null,
  updatedAt: row.updatedAt.toISOString(),
  type: row.type,
  source: row.source,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt?.toISOString() ?? null,
  affectedRadiusKm: row.affectedRadiusKm,
  assigneeId: row.assigneeId,
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  unverified: row.unverified,
});

export const toIncidentDetail = (row: IncidentRow, assignee: Person | null): IncidentDetail => ({
  ...toIncidentDto(row),
  sourceUrl: row.sourceUrl,
  area: row.area,
  createdBy: row.createdBy,
  assignee,
});

export const toTimelineEntry = (row: IncidentEventRow, actor: Person | null): TimelineEntry => ({
  id: String(row.id),
  kind: row.kind,
  at: row.createdAt.toISOString(),
  actor,
  changes: row.changes ?? [],
  body: row.body,
  via: row.source,
});

/** How an area reads in the timeline: its shape and size, not thousands of coordinates. */
export const areaSummary = (area: GeoArea | null | undefined): string | null => {
  if (!area) return null;
  const polygons = area.type === 'Polygon' ? [area.coordinates] : area.coordinates;
  const vertices = polygons.flat().reduce((sum, ring) => sum + ring.length, 0);
  return `${area.type} (${vertices} vertices)`;
};
