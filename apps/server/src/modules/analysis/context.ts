import {
  CRITICALITIES,
  type Citation,
  type Criticality,
  SHIPMENT_MODES,
  SHIPMENT_STATUSES,
  type ShipmentMode,
  type ShipmentStatus,
  type SiteKind,
  type IncidentImpact,
  type ValueAtRisk,
} from '@meridian/contracts';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/access.js';
import { type LngLat, haversineKm } from '../../lib/geo/sphere.js';
import { countedRows, exposureReads, valueAtRiskOfRows } from '../exposure/exposure.reads.js';
import { currencyBookOf } from '../settings/settings.reads.js';
import {
  type IncidentEventRow,
  type IncidentRow,
  incidentsReads,
} from '../incidents/incidents.reads.js';
import { personOf } from '../plans/plans.mapper.js';
import { PlansService } from '../plans/plans.service.js';
import { countryName, excerpt, hoursBetween, placeOf, words } from '../../lib/fact-format.js';
import { analysisRepository } from './analysis.repository.js';
import type {
  ComparableFact,
  IncidentFacts,
  MemoFact,
  PlanFact,
  ShipmentFact,
  SiteFact,
  TimelineFact,
} from './facts.js';
import { Records } from './records.js';

/** How much of each kind the assistant reads: enough to answer, small enough for a prompt. */
export const CONTEXT_LIMITS = {
  timeline: 20,
  sites: 25,
  shipments: 25,
  plans: 10,
  actionsPerPlan: 25,
  memos: 10,
  comparables: 5,
  comparableCandidates: 500,
} as const;

/** Everything the assistant may use to answer one organization's question about one event. */
export type AnalysisContext = {
  incident: IncidentFacts;
  timeline: { total: number; listed: TimelineFact[] };
  /**
   * NOW: `sites` and `shipments` are those in reach now. WHILE_ACTIVE: nothing is in reach any
   * more (the event ended or moved away), so they are those it reached while active.
   */
  exposure: {
    basis: 'NOW' | 'WHILE_ACTIVE';
    inAll: { sites: number; shipments: number };
    atOnce: { sites: number; shipments: number };
    /** Of the same sites and shipments, in the organization's currency (README). */
    valueAtRisk: ValueAtRisk;
    /** The incident's priority for the organization as kept with its exposure (README). */
    impact: IncidentImpact | null;
  };
  sites: {
    /** Exposed (see `exposure.basis`), all of them; `listed` are the most critical. */
    total: number;
    byCriticality: Record<Criticality, number>;
    byKind: Partial<Record<SiteKind, number>>;
    /** Annual spend of the exposed sites, per currency (null: none given). */
    spend: { currency: string | null; amount: number }[];
    listed: SiteFact[];
  };
  shipments: {
    total: number;
    byMode: Record<ShipmentMode, number>;
    byStatus: Record<ShipmentStatus, number>;
    listed: ShipmentFact[];
  };
  plans: PlanFact[];
  memos: MemoFact[];
  comparables: ComparableFact[];
  /** `citations[n - 1]` and `records[n - 1]` are record `[n]`. */
  citations: Citation[];
  records: string[];
  now: Date;
};

const CRITICALITY_RANK: Readonly<Record<Criticality, number>> = {
  CRITICAL: 4,
  HIGH: 3,
  MEDIUM: 2,
  LOW: 1,
};
const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;

/**
 * Collects what one organization knows of an incident, and only that: the incident, the
 * timeline entries it sees, its own exposed sites and shipments, plans and memos, and
 * comparable resolved events it can see. Every record is numbered and cited.
 */
export async function buildContext(
  db: Database,
  actor: Actor,
  incident: IncidentRow,
  now = new Date(),
): Promise<AnalysisContext> {
  const organizationId = actor.organizationId;
  const [events, allSiteRows, allShipmentRows, peak, plans, memoRows, candidates, book, impacts] =
    await Promise.all([
      incidentsReads.listEvents(db, incident.id, organizationId),
      exposureReads.sitesOf(db, incident.id, organizationId, true),
      exposureReads.shipmentsOf(db, incident.id, organizationId, true),
      exposureReads.peakOf(db, incident.id, organizationId),
      new PlansService(db, null).list(actor, { incidentId: incident.id }),
      analysisRepository.memos(db, organizationId, incident.id, CONTEXT_LIMITS.memos),
      analysisRepository.comparableCandidates(
        db,
        organizationId,
        incident,
        CONTEXT_LIMITS.comparableCandidates,
      ),
      currencyBookOf(db, organizationId),
      exposureReads.impactsOf(db, organizationId, [incident.id]),
    ]);
  const {
    basis,
    sites: siteRows,
    shipments: shipmentRows,
  } = countedRows(allSiteRows, allShipmentRows);
  const records = new Records();

  const incidentFacts = {
    id: incident.id,
    title: incident.title,
    description: incident.description,
    type: incident.type,
    severity: incident.severity,
    status: incident.status,
    startsAt: incident.startsAt,
    endsAt: incident.endsAt,
    resolvedAt: incident.resolvedAt,
    place: placeOf(incident),
    affectedRadiusKm: incident.affectedRadiusKm,
    source: incident.source,
  };
  const incidentRef = records.incident(incidentFacts);

  const timeline = events.slice(-CONTEXT_LIMITS.timeline).map(({ event, actor: person }) => {
    const facts = {
      id: String(event.id),
      at: event.createdAt,
      text: timelineText(event, person?.id ? personOf({ ...person, id: person.id }) : null),
    };
    return { ...facts, ref: records.timeline(incident.id, facts) };
  });

  const sites = siteRows
    .map(({ exposure, site }) => ({
      id: site.id,
      name: site.name,
      kind: site.kind,
      criticality: site.criticality,
      tier: site.tier,
      annualSpend: site.annualSpend,
      currency: site.currency,
      place: [site.city, countryName(site.countryCode)].filter(Boolean).join(', ') || null,
      distanceKm: exposure.distanceKm,
      state: exposure.state,
    }))
    .sort(
      (a, b) =>
        CRITICALITY_RANK[b.criticality] - CRITICALITY_RANK[a.criticality] ||
        (b.annualSpend ?? -1) - (a.annualSpend ?? -1) ||
        a.distanceKm - b.distanceKm,
    );
  const listedSites = sites
    .slice(0, CONTEXT_LIMITS.sites)
    .map((site) => ({ ...site, ref: records.site(site) }));

  const shipments = shipmentRows
    .map(({ exposure, shipment }) => ({
      id: shipment.id,
      reference: shipment.reference,
      mode: shipment.mode,
      origin: shipment.origin,
      destination: shipment.destination,
      status: shipment.status,
      carrier: shipment.carrier,
      eta: shipment.eta,
      via: exposure.via,
      distanceKm: exposure.distanceKm,
    }))
    .sort(
      (a, b) =>
        Number(b.status === 'DELAYED') - Number(a.status === 'DELAYED') ||
        a.distanceKm - b.distanceKm,
    );
  const listedShipments = shipments
    .slice(0, CONTEXT_LIMITS.shipments)
    .map((shipment) => ({ ...shipment, ref: records.shipment(shipment) }));

  const planFacts = plans.slice(0, CONTEXT_LIMITS.plans).map((plan) => {
    const ref = records.plan({ plan });
    const actions = plan.actions
      .slice(0, CONTEXT_LIMITS.actionsPerPlan)
      .map((action) => ({ action, ref: records.action({ plan }, { action }) }));
    return { ref, plan, actions };
  });

  const memoFacts = memoRows.map(({ memo, author }) => {
    const facts = {
      id: memo.id,
      body: memo.body,
      author: personOf(author ?? undefined)?.name ?? null,
      updatedAt: memo.updatedAt,
    };
    return { ...facts, ref: records.memo(incident.id, facts) };
  });

  const comparables = nearest(incident, candidates).map((candidate) => {
    const facts = {
      id: candidate.row.id,
      title: candidate.row.title,
      severity: candidate.row.severity,
      startsAt: candidate.row.startsAt,
      resolvedAt: candidate.resolvedAt,
      hoursToResolve: Math.max(0, hoursBetween(candidate.row.startsAt, candidate.resolvedAt)),
      place: placeOf(candidate.row),
      distanceKm: candidate.distanceKm,
    };
    return { ...facts, ref: records.comparable(facts) };
  });

  return {
    incident: { ...incidentFacts, ref: incidentRef },
    timeline: { total: events.length, listed: timeline },
    exposure: {
      basis,
      inAll: { sites: allSiteRows.length, shipments: allShipmentRows.length },
      atOnce: { sites: peak?.sites ?? 0, shipments: peak?.shipments ?? 0 },
      valueAtRisk: await valueAtRiskOfRows(
        db,
        organizationId,
        incident,
        { sites: siteRows, shipments: shipmentRows },
        book,
        basis,
      ),
      impact: impacts.get(incident.id) ?? null,
    },
    sites: {
      total: sites.length,
      byCriticality: countBy(
        sites,
        (site) => site.criticality,
        zeros([...CRITICALITIES].reverse()),
      ),
      byKind: countBy(sites, (site) => site.kind, {}),
      spend: spendOf(sites),
      listed: listedSites,
    },
    shipments: {
      total: shipments.length,
      byMode: countBy(shipments, (shipment) => shipment.mode, zeros(SHIPMENT_MODES)),
      byStatus: countBy(shipments, (shipment) => shipment.status, zeros(SHIPMENT_STATUSES)),
      listed: listedShipments,
    },
    plans: planFacts,
    memos: memoFacts,
    comparables,
    citations: records.citations,
    records: records.lines,
    now,
  };
}

function countBy<T, K extends string>(
  items: readonly T[],
  key: (item: T) => K,
  start: Partial<Record<K, number>>,
): Record<K, number> {
  const counts: Partial<Record<K, number>> = { ...start };
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts as Record<K, number>;
}

function spendOf(sites: readonly { annualSpend: number | null; currency: string | null }[]) {
  const totals = new Map<string | null, number>();
  for (const site of sites) {
    if (site.annualSpend === null) continue;
    totals.set(site.currency, (totals.get(site.currency) ?? 0) + site.annualSpend);
  }
  return [...totals]
    .map(([currency, amount]) => ({ currency, amount }))
    .sort((a, b) => b.amount - a.amount);
}

/** Up to five, nearest the event first when both have a place, then the latest resolved. */
function nearest(incident: IncidentRow, candidates: readonly IncidentRow[]) {
  const here: LngLat | null =
    incident.lat !== null && incident.lng !== null ? [incident.lng, incident.lat] : null;
  return candidates
    .flatMap((row) =>
      row.resolvedAt
        ? [
            {
              row,
              resolvedAt: row.resolvedAt,
              distanceKm:
                here && row.lat !== null && row.lng !== null
                  ? haversineKm(here, [row.lng, row.lat])
                  : null,
            },
          ]
        : [],
    )
    .sort(
      (a, b) =>
        (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity) ||
        b.resolvedAt.getTime() - a.resolvedAt.getTime(),
    )
    .slice(0, CONTEXT_LIMITS.comparables);
}

/** One line a person reads: what the entry says, and who or which feed made it. */
function timelineText(event: IncidentEventRow, person: { name: string } | null): string {
  const by = person ? ` by ${person.name}` : event.source ? ` (${event.source} feed)` : '';
  const changes = (event.changes ?? [])
    .map((change) => `${words(change.field)} ${valueOf(change.from)} → ${valueOf(change.to)}`)
    .join(', ');
  const body = event.body ? excerpt(event.body, 500) : '';
  switch (event.kind) {
    case 'CREATED':
      return `Recorded${by}`;
    case 'UPDATED':
      return `Changed${by}: ${changes || 'details'}`;
    case 'STATUS':
      return `Status${by}: ${changes}${body ? ` — reason: ${body}` : ''}`;
    case 'COMMENT':
      return `Comment${by}: ${body}`;
    case 'PLAN':
      return `${body}${by}`;
    case 'ASSESSMENT':
      return `Assessed${by}: ${changes || 'details'}${body ? ` — notes: ${body}` : ''}`;
  }
}

const valueOf = (value: unknown): string =>
  value === null || value === undefined
    ? 'none'
    : typeof value === 'string'
      ? excerpt(value, 80)
      : excerpt(JSON.stringify(value), 80);
