import { SEVERITY_RANK } from '@meridian/contracts';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { shipments, sites } from '../../db/schema.js';
import { alertsRepository } from '../alerts/alerts.repository.js';
import type { AlertRaiser } from '../alerts/raise.js';
import type { ExposureTarget, IncidentRow } from './exposure.repository.js';

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
 * shipments became exposed, or when the incident is more severe than any exposure alert the
 * organization had about it. Nothing new, nothing raised.
 */
export async function raiseExposureAlerts(
  tx: Executor,
  raiser: AlertRaiser,
  incident: IncidentRow,
  organizationId: string,
  change: { exposed: readonly { kind: ExposureTarget; id: string }[]; live: number },
): Promise<void> {
  const base = {
    organizationId,
    incidentId: incident.id,
    severity: incident.severity,
    title: incident.title,
    link: `/admin/events/${incident.id}`,
  };
  if (change.exposed.length > 0) {
    const { siteNames, shipmentNames } = await namesOf(tx, change.exposed);
    const parts = [
      ...(siteNames.length ? [listed(siteNames, 'site', 'sites')] : []),
      ...(shipmentNames.length ? [listed(shipmentNames, 'shipment', 'shipments')] : []),
    ];
    await raiser.raise(tx, {
      ...base,
      kind: 'EXPOSURE_NEW',
      line: `Now exposed: ${parts.join('; ')}`,
    });
    return;
  }
  if (change.live === 0) return;
  const alerted = await alertsRepository.exposureAlertSeverities(tx, organizationId, incident.id);
  if (alerted.length === 0) return;
  const highest = Math.max(...alerted.map((severity) => SEVERITY_RANK[severity]));
  if (SEVERITY_RANK[incident.severity] <= highest) return;
  await raiser.raise(tx, {
    ...base,
    kind: 'EXPOSURE_ESCALATED',
    line: `Severity raised to ${incident.severity}; ${change.live} of your sites and shipments exposed`,
  });
}
