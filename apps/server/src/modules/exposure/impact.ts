import { createHash } from 'node:crypto';
import {
  CRITICALITIES,
  type Criticality,
  type Priority,
  type PriorityInputs,
  convertTotals,
  isInReach,
  priorityOf,
  priorityPoints,
  priorityRank,
} from '@meridian/contracts';
import type { Executor } from '../../db/client.js';
import { type Area, areaAnchor } from '../../lib/geo/area.js';
import { haversineKm } from '../../lib/geo/sphere.js';
import { assessmentsReads } from '../assessments/assessments.reads.js';
import { currencyBookOf } from '../settings/settings.reads.js';
import { countedRows, exposureReads } from './exposure.reads.js';
import type { IncidentRow } from './exposure.repository.js';
import { impactRepository } from './impact.repository.js';
import { assessedSites } from './assessed-sites.js';
import { valueAtRisk, withSupplies } from './value-at-risk.js';

/**
 * How far the incident reaches from the point distances are measured from: a circle's radius,
 * or the farthest corner of its outlines from their anchor.
 */
export function reachKm(area: Area): number {
  if (area.kind === 'circle') return area.radiusKm;
  const anchor = areaAnchor(area);
  let farthest = 0;
  for (const polygon of area.polygons) {
    for (const point of polygon[0] ?? []) farthest = Math.max(farthest, haversineKm(anchor, point));
  }
  return farthest;
}

const rankOf = (criticality: Criticality) => CRITICALITIES.indexOf(criticality);

/**
 * What a kept impact holds; a new one recomputes rows kept before it (2: each site's part; 3:
 * products' revenue, cover and single sources; 4: assessments).
 */
const IMPACT_FORMAT = 4;

/** The highest criticality among the sites, null when there is none. */
export const highestCriticality = (criticalities: readonly Criticality[]): Criticality | null =>
  criticalities.reduce<Criticality | null>(
    (best, next) => (best === null || rankOf(next) > rankOf(best) ? next : best),
    null,
  );

/**
 * Recomputes the incident's priority and value at risk for the organization and keeps them
 * (incident_impacts), unless nothing they depend on changed: the incident, the organization's
 * sites and shipments (`dataVersion`), its currency table, and its exposures (`changed`).
 */
export async function refreshImpact(
  tx: Executor,
  options: {
    incident: IncidentRow;
    area: Area | null;
    organizationId: string;
    active: boolean;
    dataVersion: string;
    changed: boolean;
    now: Date;
  },
): Promise<{ before: Priority | null; after: Priority | null }> {
  const { incident, organizationId, now } = options;
  const book = await currencyBookOf(tx, organizationId);
  const productsVersion = await impactRepository.productsVersion(tx, organizationId);
  const assessed = await assessmentsReads.statesOf(tx, incident.id, organizationId);
  const inputs = createHash('sha1')
    .update(
      JSON.stringify([
        IMPACT_FORMAT,
        incident.updatedAt.toISOString(),
        options.active,
        options.dataVersion,
        productsVersion,
        book.currency,
        book.rates,
        assessed.version,
      ]),
    )
    .digest('base64url');
  const stored = await impactRepository.storedOf(tx, incident.id, organizationId);
  const before = stored?.priority ?? null;
  if (!options.changed && stored?.inputs === inputs) return { before, after: before };
  const reached = countedRows(
    await exposureReads.valuedSitesOf(tx, incident.id, organizationId),
    await exposureReads.valuedShipmentsOf(tx, incident.id, organizationId),
  );
  // Never reached anything of the organization: nothing to keep.
  if (!stored && reached.sites.length + reached.shipments.length === 0)
    return { before, after: before };
  const counted = { ...reached, sites: assessedSites(reached.sites, assessed.bySite) };
  const dependents = await impactRepository.productsOfSites(
    tx,
    organizationId,
    counted.sites.map(({ site }) => site.id),
  );
  const value = valueAtRisk(
    incident,
    withSupplies(counted.sites, counted.shipments, dependents),
    book,
    counted.basis,
  );
  const live = counted.basis === 'NOW' && options.active;
  let priority: PriorityInputs | null = null;
  // What its assessments say is unharmed counts for nothing: with nothing else, no priority.
  if (live && counted.sites.length + counted.shipments.length > 0) {
    const reach = options.area ? reachKm(options.area) : incident.affectedRadiusKm;
    const nearest = Math.min(
      ...[...counted.sites, ...counted.shipments]
        .filter((row) => isInReach(row.exposure))
        .map((row) => row.exposure.distanceKm),
    );
    const revenue = convertTotals(
      await impactRepository.revenuePerDay(tx, organizationId),
      book,
    ).amount;
    priority = {
      severity: incident.severity,
      criticality: highestCriticality(counted.sites.map(({ site }) => site.criticality)),
      proximity: reach > 0 ? nearest / reach : 0,
      valueDays: revenue > 0 ? value.total / revenue : null,
      valueKnown: value.total > 0,
      singleSource: counted.sites.some(({ site }) =>
        (dependents.get(site.id) ?? []).some((product) => product.singleSource),
      ),
    };
  }
  const code = priority ? priorityOf(priority) : null;
  await impactRepository.save(tx, {
    incidentId: incident.id,
    organizationId,
    priority: code,
    priorityRank: priorityRank(code),
    points: priority ? priorityPoints(priority) : null,
    valueAtRisk: value.total,
    currency: value.currency,
    basis: value.basis,
    siteValues: value.bySite.flatMap(({ siteId, amount }) =>
      amount !== null && amount > 0 ? [{ siteId, amount }] : [],
    ),
    inputs,
    computedAt: now,
  });
  return { before, after: code };
}
