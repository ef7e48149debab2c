import type { ExposurePeak, IncidentImpact } from '@meridian/contracts';
import type { exposurePeaks } from '../../db/schema.js';
import type { ExposureRow } from './exposure.repository.js';
import type { ImpactRow } from './impact.repository.js';

/** What the API says of one exposure, whichever item or incident it is listed with. */
export const toExposureFacts = (row: ExposureRow) => ({
  distanceKm: row.distanceKm,
  state: row.state,
  via: row.via,
  firstSeenAt: row.firstSeenAt.toISOString(),
  lastChangedAt: row.lastChangedAt.toISOString(),
  firstExposedAt: row.firstExposedAt.toISOString(),
  clearedAt: row.clearedAt?.toISOString() ?? null,
});

/** An incident's peaks for an organization; none stored means it never reached anything. */
export const toExposurePeak = (
  row: typeof exposurePeaks.$inferSelect | undefined,
): ExposurePeak => ({
  sites: row?.sites ?? 0,
  sitesAt: row?.sitesAt?.toISOString() ?? null,
  shipments: row?.shipments ?? 0,
  shipmentsAt: row?.shipmentsAt?.toISOString() ?? null,
});

/** An incident's priority and value at risk for an organization, as last computed. */
export const toIncidentImpact = (row: ImpactRow): IncidentImpact => ({
  priority: row.priority,
  points: row.points,
  valueAtRisk: row.valueAtRisk,
  currency: row.currency,
  basis: row.basis,
  computedAt: row.computedAt.toISOString(),
});
