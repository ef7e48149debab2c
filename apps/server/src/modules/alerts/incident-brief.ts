import {
  CRITICALITY_LABELS,
  type Criticality,
  INCIDENT_STATUS_LABELS,
  PLAN_STATUS_LABELS,
  type PlanStatus,
  INCIDENT_TYPE_LABELS,
  PRIORITY_LABELS,
  type Priority,
  type GeoPoint,
  formatMoney,
} from '@meridian/contracts';
import type { Executor } from '../../db/client.js';
import { excerpt, placeOf } from '../../lib/fact-format.js';
import { exposureReads } from '../exposure/exposure.reads.js';
import { incidentsReads } from '../incidents/incidents.reads.js';
import { plansReads } from '../plans/plans.reads.js';

/** An incident as a message about it says it now: enough to triage without opening Meridian. */
export type IncidentBrief = {
  /** "Strike · In progress". */
  kind: string;
  /** "24 km SSE of Kaohsiung, Taiwan"; else "Malaysia (3.00, 101.40)", or whichever part is known. */
  place: string | null;
  priority: Priority | null;
  /** "$236,000,000", in the organization's currency; null when nothing is valued. */
  valueAtRisk: string | null;
  exposedNow: { sites: number; shipments: number };
  /** The sites it reaches now that matter most (critical first, then nearest), five at most. */
  topSites: { name: string; criticality: Criticality }[];
  /** How the response stands: "Port disruption · Active, 4 of 6 actions done"; null: no plan. */
  plan: string | null;
  summary: string | null;
};

/** Where a point is, in words (the geocode module's gazetteer); null far from any town. */
export type DescribePlace = (point: GeoPoint) => Promise<string | null>;

/** Exposed sites a message names. */
const TOP_SITES = 5;

const planLine = (
  plan: { name: string; status: PlanStatus; done: number; total: number } | undefined,
) =>
  plan
    ? `${plan.name} · ${PLAN_STATUS_LABELS[plan.status]}, ${plan.done} of ${count(plan.total, 'action', 'actions')} done`
    : null;

/** Where a brief is kept: one per incident and organization (a global incident has several). */
export const briefKey = (organizationId: string, incidentId: string) =>
  `${organizationId}:${incidentId}`;

/**
 * The incidents' briefs as they stand when the messages leave, by `briefKey`: the incident, its
 * priority and value at risk for the organization, and what it reaches of it now. An incident
 * the organization no longer sees has none.
 */
export async function incidentBriefs(
  db: Executor,
  wanted: readonly { organizationId: string; incidentId: string }[],
  describePlace: DescribePlace = async () => null,
): Promise<Map<string, IncidentBrief>> {
  const byOrganization = new Map<string, Set<string>>();
  for (const { organizationId, incidentId } of wanted) {
    byOrganization.set(
      organizationId,
      (byOrganization.get(organizationId) ?? new Set()).add(incidentId),
    );
  }
  const briefs = new Map<string, IncidentBrief>();
  for (const [organizationId, ids] of byOrganization) {
    const incidentIds = [...ids];
    const impacts = await exposureReads.impactsOf(db, organizationId, incidentIds);
    const counts = await exposureReads.liveCountsOf(db, organizationId, incidentIds);
    const topSites = await exposureReads.topSitesOf(db, organizationId, incidentIds, TOP_SITES);
    const plans = await plansReads.statesOf(db, organizationId, incidentIds);
    for (const incidentId of incidentIds) {
      const incident = await incidentsReads.findVisible(db, organizationId, incidentId);
      if (!incident) continue;
      const impact = impacts.get(incidentId) ?? null;
      briefs.set(briefKey(organizationId, incidentId), {
        kind: `${INCIDENT_TYPE_LABELS[incident.type]} · ${INCIDENT_STATUS_LABELS[incident.status]}`,
        place:
          (incident.lat !== null && incident.lng !== null
            ? await describePlace({ lat: incident.lat, lng: incident.lng })
            : null) ?? placeOf(incident),
        priority: impact?.priority ?? null,
        valueAtRisk:
          impact && impact.valueAtRisk > 0
            ? formatMoney(impact.valueAtRisk, impact.currency)
            : null,
        exposedNow: counts.get(incidentId) ?? { sites: 0, shipments: 0 },
        topSites: topSites.get(incidentId) ?? [],
        plan: planLine(plans.get(incidentId)),
        summary: incident.description ? excerpt(incident.description, 280) : null,
      });
    }
  }
  return briefs;
}

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/**
 * The brief as lines of a message, the same in every channel: what and where, the priority and
 * value at risk, what it reaches now, and the incident's own words.
 */
export function briefLines(brief: IncidentBrief): { label: string; text: string }[] {
  const reached = brief.exposedNow;
  return [
    { label: 'What', text: brief.kind },
    ...(brief.place ? [{ label: 'Where', text: brief.place }] : []),
    {
      label: 'Priority',
      text: brief.priority ? PRIORITY_LABELS[brief.priority] : 'Not exposed now',
    },
    ...(brief.valueAtRisk ? [{ label: 'Value at risk', text: brief.valueAtRisk }] : []),
    {
      label: 'Reaches now',
      text:
        reached.sites + reached.shipments === 0
          ? 'nothing of yours'
          : `${count(reached.sites, 'site', 'sites')}, ${count(reached.shipments, 'shipment', 'shipments')}`,
    },
    ...(brief.topSites.length
      ? [
          {
            label: 'Sites hit',
            text: brief.topSites
              .map((site) => `${site.name} (${CRITICALITY_LABELS[site.criticality]})`)
              .join(', '),
          },
        ]
      : []),
    ...(brief.plan ? [{ label: 'Plan', text: brief.plan }] : []),
    ...(brief.summary ? [{ label: 'Summary', text: brief.summary }] : []),
  ];
}
