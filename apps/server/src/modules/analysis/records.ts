import { formatMoney } from '@meridian/contracts';
import { type Citation, INCIDENT_TYPE_LABELS, WEB_PATHS } from '@meridian/contracts';
import { day, duration, excerpt, when, words } from '../../lib/fact-format.js';
import type {
  ActionFact,
  ComparableFact,
  IncidentFacts,
  MemoFact,
  PlanFact,
  ShipmentFact,
  SiteFact,
  TimelineFact,
} from './facts.js';

/**
 * Where Meridian's web app shows each kind of record (contracts' WEB_PATHS): the
 * event page, the Suppliers screen (its `tab`), Plans (its `incident` and `plan`), Insights.
 */
export const CITATION_HREFS = {
  event: (incidentId: string) => WEB_PATHS.admin.event.getHref(incidentId),
  sites: () => WEB_PATHS.admin.suppliers.getHref(),
  shipments: () => WEB_PATHS.admin.suppliers.getHref('shipments'),
  plan: (incidentId: string, planId: string) =>
    WEB_PATHS.admin.plans.getHref({ incident: incidentId, plan: planId }),
  memos: (incidentId: string) => WEB_PATHS.admin.insights.getHref(incidentId),
} as const;

const MEMO_CHARS = 1500;
const COMMENT_CHARS = 500;

/** The numbered records of a context: `[n]` is the n-th one, for the model and the answer. */
export class Records {
  readonly citations: Citation[] = [];
  readonly lines: string[] = [];

  private add(citation: Citation, text: string): number {
    this.citations.push(citation);
    this.lines.push(`[${this.citations.length}] ${citation.kind}: ${text}`);
    return this.citations.length;
  }

  incident(facts: Omit<IncidentFacts, 'ref'>): number {
    return this.add(
      { kind: 'INCIDENT', id: facts.id, label: facts.title, href: CITATION_HREFS.event(facts.id) },
      [
        `“${facts.title}”`,
        `type ${INCIDENT_TYPE_LABELS[facts.type]}`,
        `severity ${facts.severity}`,
        `status ${words(facts.status)}`,
        `started ${when(facts.startsAt)}`,
        facts.endsAt ? `ends ${when(facts.endsAt)}` : null,
        facts.resolvedAt ? `resolved ${when(facts.resolvedAt)}` : null,
        facts.place ? `place ${facts.place}` : null,
        `affected radius ${Math.round(facts.affectedRadiusKm)} km`,
        `source ${facts.source === 'MANUAL' ? 'recorded by a person' : facts.source}`,
        facts.description ? `description: ${excerpt(facts.description, COMMENT_CHARS)}` : null,
      ]
        .filter(Boolean)
        .join('; '),
    );
  }

  timeline(incidentId: string, facts: Omit<TimelineFact, 'ref'>): number {
    return this.add(
      {
        kind: 'TIMELINE',
        id: facts.id,
        label: `${day(facts.at)}: ${excerpt(facts.text, 80)}`,
        href: CITATION_HREFS.event(incidentId),
      },
      `${when(facts.at)} — ${facts.text}`,
    );
  }

  site(facts: Omit<SiteFact, 'ref'>): number {
    return this.add(
      { kind: 'SITE', id: facts.id, label: facts.name, href: CITATION_HREFS.sites() },
      [
        facts.name,
        words(facts.kind),
        `criticality ${facts.criticality}`,
        facts.tier !== null ? `tier ${facts.tier}` : null,
        facts.annualSpend !== null
          ? `annual spend ${formatMoney(facts.annualSpend, facts.currency)}`
          : null,
        facts.place ? `in ${facts.place}` : null,
        `${Math.round(facts.distanceKm)} km from the event`,
        `exposure ${words(facts.state)}`,
      ]
        .filter(Boolean)
        .join('; '),
    );
  }

  shipment(facts: Omit<ShipmentFact, 'ref'>): number {
    return this.add(
      {
        kind: 'SHIPMENT',
        id: facts.id,
        label: `${facts.reference} (${facts.origin} → ${facts.destination})`,
        href: CITATION_HREFS.shipments(),
      },
      [
        facts.reference,
        `${words(facts.mode)} from ${facts.origin} to ${facts.destination}`,
        `status ${words(facts.status)}`,
        facts.carrier ? `carrier ${facts.carrier}` : null,
        facts.eta ? `ETA ${when(facts.eta)}` : null,
        `reached ${facts.via === 'ROUTE' ? 'on its remaining route' : 'where it is now'}, ${Math.round(facts.distanceKm)} km from the event`,
      ]
        .filter(Boolean)
        .join('; '),
    );
  }

  plan(facts: Omit<PlanFact, 'ref' | 'actions'>): number {
    const { plan } = facts;
    return this.add(
      {
        kind: 'PLAN',
        id: plan.id,
        label: plan.name,
        href: CITATION_HREFS.plan(plan.incidentId, plan.id),
      },
      [
        `response plan “${plan.name}”`,
        `status ${words(plan.status)}`,
        `${plan.progress.done} of ${plan.progress.total} actions done`,
        plan.owner ? `owner ${plan.owner.name}` : null,
        `started ${when(new Date(plan.startsAt))}`,
        plan.targetAt ? `target ${when(new Date(plan.targetAt))}` : null,
      ]
        .filter(Boolean)
        .join('; '),
    );
  }

  action(planFacts: Pick<PlanFact, 'plan'>, facts: Omit<ActionFact, 'ref'>): number {
    const { plan } = planFacts;
    const { action } = facts;
    return this.add(
      {
        kind: 'ACTION',
        id: action.id,
        label: action.title,
        href: CITATION_HREFS.plan(plan.incidentId, plan.id),
      },
      [
        `action “${action.title}” of the plan “${plan.name}”`,
        `status ${words(action.status)}`,
        action.blockedReason ? `blocked because ${excerpt(action.blockedReason, 200)}` : null,
        action.assignee ? `assigned to ${action.assignee.name}` : 'unassigned',
        action.dueAt ? `due ${when(new Date(action.dueAt))}` : null,
        action.overdue ? 'OVERDUE' : null,
        action.required ? null : 'optional',
        action.notes ? `notes: ${excerpt(action.notes, 300)}` : null,
      ]
        .filter(Boolean)
        .join('; '),
    );
  }

  memo(incidentId: string, facts: Omit<MemoFact, 'ref'>): number {
    return this.add(
      {
        kind: 'MEMO',
        id: facts.id,
        label: `Memo${facts.author ? ` by ${facts.author}` : ''}, ${day(facts.updatedAt)}`,
        href: CITATION_HREFS.memos(incidentId),
      },
      `memo${facts.author ? ` by ${facts.author}` : ''}, last changed ${when(facts.updatedAt)}: ${excerpt(facts.body, MEMO_CHARS)}`,
    );
  }

  comparable(facts: Omit<ComparableFact, 'ref'>): number {
    return this.add(
      {
        kind: 'INCIDENT',
        id: facts.id,
        label: facts.title,
        href: CITATION_HREFS.event(facts.id),
      },
      [
        `comparable past event “${facts.title}”`,
        `severity ${facts.severity}`,
        `started ${when(facts.startsAt)}`,
        `resolved ${when(facts.resolvedAt)}`,
        `time to resolve ${duration(facts.hoursToResolve)}`,
        facts.place ? `place ${facts.place}` : null,
        facts.distanceKm !== null ? `${Math.round(facts.distanceKm)} km from this event` : null,
      ]
        .filter(Boolean)
        .join('; '),
    );
  }
}
