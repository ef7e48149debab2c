import { type Priority, SEVERITY_RANK, WEB_PATHS } from '@meridian/contracts';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { shipments, sites } from '../../db/schema.js';
import { alertsReads } from '../alerts/alerts.reads.js';
import type { AlertRaiser } from '../alerts/raise.js';
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

const listed = (names: readonly string[], one: string, many: string) => {
  const shown = names.slice(0, NAMED).join(', ');
  const more = names.length > NAMED ? ` and ${names.length - NAMED} more` : '';
  return `${names.length} ${names.length === 1 ? one : many} (${shown}${more})`;
};

async function namesOf(tx: Executor, targets: readonly { kind: ExposureTarget; id: string }[]) {
  const siteIds = targets.filter((t) => t.kind === 'SITE').map((t) => t.id);
  const shipmentIds = targets.filter((t) => t.kind === 'SHIPMENT').map((t) => t.id);
  const siteNames = siteIds.length
    ? (await tx.select({ name: sites.name }).from(sites).where(inArray(sites.id, siteIds))).map(
        (row) => row.name,
      )
    : [];
  const shipmentNames = shipmentIds.length
    ? (
        await tx
          .select({ name: shipments.reference })
          .from(shipments)
          .where(inArray(shipments.id, shipmentIds))
      ).map((row) => row.name)
    : [];
  return { siteNames: siteNames.sort(), shipmentNames: shipmentNames.sort() };
}

/**
 * After a recompute wrote an incident's exposures of one organization: an alert when sites or
 * shipments became exposed; when the incident is more severe than any exposure alert the
 * organization had about it; or, once nothing is exposed any more (the incident ended or moved
 * away), an all clear to an organization that was alerted of the exposure. Nothing new, nothing
 * raised.
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
  },
): Promise<void> {
  const base = {
    organizationId,
    incidentId: incident.id,
    severity: incident.severity,
    title: incident.title,
    link: WEB_PATHS.admin.event.getHref(incident.id),
  };
  const described = async (targets: readonly { kind: ExposureTarget; id: string }[]) => {
    const { siteNames, shipmentNames } = await namesOf(tx, targets);
    return [
      ...(siteNames.length ? [listed(siteNames, 'site', 'sites')] : []),
      ...(shipmentNames.length ? [listed(shipmentNames, 'shipment', 'shipments')] : []),
    ].join('; ');
  };
  if (change.exposed.length > 0) {
    await raiser.raise(tx, {
      ...base,
      priority: change.priority.after,
      kind: 'EXPOSURE_NEW',
      line: `Now exposed: ${await described(change.exposed)}`,
    });
    return;
  }
  if (change.live === 0 && change.cleared.length === 0) return;
  const alerted = await alertsReads.exposureAlertSeverities(tx, organizationId, incident.id);
  if (alerted.length === 0) return;
  if (change.live === 0) {
    // A recompute of one site or shipment sees only it: the rest may still be exposed.
    await exposureRepository.lock(tx, allClearLockKey(incident.id, organizationId));
    if ((await exposureRepository.liveCount(tx, incident.id, organizationId)) > 0) return;
    // The all clear of what it was: the priority it had before nothing was in reach.
    await raiser.raise(tx, {
      ...base,
      priority: change.priority.before ?? change.priority.after,
      kind: 'EXPOSURE_CLEARED',
      line: `No longer exposed${change.over ? ' (the event is over)' : ''}: ${await described(change.cleared)}`,
    });
    return;
  }
  const highest = Math.max(...alerted.map((severity) => SEVERITY_RANK[severity]));
  if (SEVERITY_RANK[incident.severity] <= highest) return;
  await raiser.raise(tx, {
    ...base,
    priority: change.priority.after,
    kind: 'EXPOSURE_ESCALATED',
    line: `Severity raised to ${incident.severity}; ${change.live} of your sites and shipments exposed`,
  });
}
