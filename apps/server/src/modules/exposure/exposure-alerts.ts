import { randomUUID } from 'node:crypto';
import {
  type AlertSummaryItem,
  type Priority,
  SEVERITY_RANK,
  type Severity,
  WEB_PATHS,
  priorityRank,
} from '@meridian/contracts';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { shipments, sites } from '../../db/schema.js';
import { productsReads } from '../products/products.reads.js';
import { alertsReads } from '../alerts/alerts.reads.js';
import type { AlertRaiser, NewAlert } from '../alerts/raise.js';
import {
  type ExposureTarget,
  type IncidentRow,
  exposureRepository,
} from './exposure.repository.js';

/**
 * The lock under which a transaction decides on an incident's all clear for one organization.
 * Two recomputes (two sites of the incident, or the incident and a site) may each clear one of
 * its last exposures at once; each, counting the other's as still live (not yet committed),
 * would send none. Under this lock, held to commit, the second counts after the first is
 * committed: exactly one of them sends it.
 */
export const allClearLockKey = (incidentId: string, organizationId: string) =>
  `all-clear:${incidentId}:${organizationId}`;

/** Names shown in an alert; the rest is counted. */
const NAMED = 3;

/** "A, B, C and 4 more". */
const namesList = (names: readonly string[]) =>
  `${names.slice(0, NAMED).join(', ')}${names.length > NAMED ? ` and ${names.length - NAMED} more` : ''}`;

const listed = (names: readonly string[], one: string, many: string) =>
  `${names.length} ${names.length === 1 ? one : many} (${namesList(names)})`;

async function namesOf(
  tx: Executor,
  organizationId: string,
  targets: readonly { kind: ExposureTarget; id: string }[],
) {
  const siteIds = targets.filter((t) => t.kind === 'SITE').map((t) => t.id);
  const shipmentIds = targets.filter((t) => t.kind === 'SHIPMENT').map((t) => t.id);
  const siteRows = siteIds.length
    ? await tx
        .select({ id: sites.id, name: sites.name, criticality: sites.criticality })
        .from(sites)
        .where(inArray(sites.id, siteIds))
    : [];
  // A critical site, or the single source of a part of a product: it cannot wait.
  const singleSource = await productsReads.singleSourceSites(tx, organizationId, siteIds);
  const shipmentNames = shipmentIds.length
    ? (
        await tx
          .select({ name: shipments.reference })
          .from(shipments)
          .where(inArray(shipments.id, shipmentIds))
      ).map((row) => row.name)
    : [];
  return {
    siteNames: siteRows.map((row) => row.name).sort(),
    shipmentNames: shipmentNames.sort(),
    urgent: siteRows.some((row) => row.criticality === 'CRITICAL' || singleSource.has(row.id)),
  };
}

/**
 * After a recompute wrote an incident's exposures of one organization: an alert when sites or
 * shipments became exposed (urgent when one is a critical or single-source site); when the
 * incident's priority rose, or it is more severe than any exposure alert the organization had
 * about it; or, once nothing is exposed any more (the incident ended or moved away), an all
 * clear to an organization that was alerted of the exposure. Nothing new, nothing raised.
 * Each carries the priority before the change, so that a rise to someone's alert priority
 * reaches their channels.
 */
export async function raiseExposureAlerts(
  tx: Executor,
  raiser: AlertRaiser,
  incident: IncidentRow,
  organizationId: string,
  change: {
    exposed: readonly { kind: ExposureTarget; id: string }[];
    cleared: readonly { kind: ExposureTarget; id: string }[];
    live: number;
    /** The incident is resolved or past its end. */
    over: boolean;
    /** Its priority for the organization before this recompute and after it. */
    priority: { before: Priority | null; after: Priority | null };
    /** The bulk change this recompute is part of: its alerts are told in one summary. */
    batchKey?: string | undefined;
  },
): Promise<{ raised: 'NEW' | 'ESCALATED' | 'CLEARED'; urgent: boolean } | null> {
  const base = {
    organizationId,
    incidentId: incident.id,
    severity: incident.severity,
    title: incident.title,
    link: WEB_PATHS.admin.event.getHref(incident.id),
    previousPriority: change.priority.before,
    batchKey: change.batchKey ?? null,
  };
  const described = async (targets: readonly { kind: ExposureTarget; id: string }[]) => {
    const { siteNames, shipmentNames, urgent } = await namesOf(tx, organizationId, targets);
    const text = [
      ...(siteNames.length ? [listed(siteNames, 'site', 'sites')] : []),
      ...(shipmentNames.length ? [listed(shipmentNames, 'shipment', 'shipments')] : []),
    ].join('; ');
    return { text, urgent };
  };
  if (change.exposed.length > 0) {
    const { text, urgent } = await described(change.exposed);
    await raiser.raise(tx, {
      ...base,
      priority: change.priority.after,
      urgent,
      kind: 'EXPOSURE_NEW',
      line: `Now exposed: ${text}`,
    });
    return { raised: 'NEW', urgent };
  }
  if (change.live === 0 && change.cleared.length === 0) return null;
  const alerted = await alertsReads.exposureAlertSeverities(tx, organizationId, incident.id);
  if (alerted.length === 0) return null;
  if (change.live === 0) {
    // A recompute of one site or shipment sees only it: the rest may still be exposed.
    await exposureRepository.lock(tx, allClearLockKey(incident.id, organizationId));
    if ((await exposureRepository.liveCount(tx, incident.id, organizationId)) > 0) return null;
    // The all clear of what it was: the priority it had before nothing was in reach.
    await raiser.raise(tx, {
      ...base,
      priority: change.priority.before ?? change.priority.after,
      kind: 'EXPOSURE_CLEARED',
      line: `No longer exposed${change.over ? ' (the event is over)' : ''}: ${(await described(change.cleared)).text}`,
    });
    return { raised: 'CLEARED', urgent: false };
  }
  const highest = Math.max(...alerted.map((severity) => SEVERITY_RANK[severity]));
  const severer = SEVERITY_RANK[incident.severity] > highest;
  const rose = priorityRank(change.priority.after) > priorityRank(change.priority.before);
  if (!severer && !rose) return null;
  const what = [
    ...(rose ? [`Priority ${change.priority.before ?? 'none'} → ${change.priority.after}`] : []),
    ...(severer ? [`severity raised to ${incident.severity}`] : []),
  ].join('; ');
  await raiser.raise(tx, {
    ...base,
    priority: change.priority.after,
    kind: 'EXPOSURE_ESCALATED',
    line: `${what.charAt(0).toUpperCase()}${what.slice(1)}; ${change.live} of your sites and shipments exposed`,
  });
  return { raised: 'ESCALATED', urgent: false };
}

/** A bulk change's recompute: its key, and the incidents it newly exposed, told in one summary. */
export type Batch = {
  key: string;
  organizationId: string;
  items: (AlertSummaryItem & { severity: Severity })[];
};

export const newBatch = (organizationId: string): Batch => ({
  key: `organization:${organizationId}:${randomUUID()}`,
  organizationId,
  items: [],
});

/**
 * The one alert people receive about a bulk change: "4 shipments imported" — "Now exposed to
 * 12 incidents, 2 of them P1: …", leading to the list (or the incident, when only one).
 */
export function summaryAlert({ organizationId, items }: Batch, cause: string): NewAlert {
  const byPriority = [...items].sort(
    (a, b) => priorityRank(b.priority) - priorityRank(a.priority) || a.title.localeCompare(b.title),
  );
  const top = byPriority[0]?.priority ?? null;
  const atTop = top ? items.filter((item) => item.priority === top).length : 0;
  const count = `${items.length} ${items.length === 1 ? 'incident' : 'incidents'}`;
  const ofTop = top && items.length > 1 ? `, ${atTop} of them ${top}` : top ? ` (${top})` : '';
  const severity = items.reduce<Severity>(
    (highest, item) =>
      SEVERITY_RANK[item.severity] > SEVERITY_RANK[highest] ? item.severity : highest,
    'LOW',
  );
  const only = items.length === 1 ? items[0] : undefined;
  return {
    organizationId,
    incidentId: null,
    kind: 'EXPOSURE_SUMMARY',
    severity,
    priority: top,
    title: cause,
    line: `Now exposed to ${count}${ofTop}: ${namesList(byPriority.map((item) => item.title))}`,
    link: only
      ? WEB_PATHS.admin.event.getHref(only.incidentId)
      : `${WEB_PATHS.admin.events.getHref()}?exposed=true&sort=priority`,
    urgent: items.some((item) => item.urgent),
    summary: items.map(({ incidentId, title, priority, previousPriority, urgent }) => ({
      incidentId,
      title,
      priority,
      previousPriority,
      urgent,
    })),
  };
}
