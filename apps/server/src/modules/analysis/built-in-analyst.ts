import { formatMoney, prioritySentence, valueAtRiskSentence } from '@meridian/contracts';
import { INCIDENT_TYPE_LABELS, type SiteKind } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { countsOf, day, duration, excerpt, plural, when, words } from '../../lib/fact-format.js';
import type { AnalysisContext } from './context.js';
import type { ShipmentFact, SiteFact } from './facts.js';

/**
 * Meridian's own analyst, for installs without a language model: a structured answer from
 * the same records, written by templates, citing them as `[n]`. It does not understand the
 * question; a few keywords only choose which section comes first.
 */

const SECTIONS = ['happened', 'exposed', 'response', 'overdue', 'comparable'] as const;
type Section = (typeof SECTIONS)[number];

/** Listed items per bullet list: the rest are counted. */
const TOP = 5;

const FOCUS: readonly { section: Section; pattern: RegExp }[] = [
  { section: 'overdue', pattern: /\b(overdue|late|behind|deadlines?|past due|blocked)\b/ },
  {
    section: 'comparable',
    pattern:
      /how long|\b(duration|resolv\w*|recover\w*|similar|comparable|past|history|before|previous\w*)\b/,
  },
  {
    section: 'exposed',
    pattern:
      /\b(ship\w*|cargo|freight|containers?|lanes?|routes?|transit|suppliers?|sites?|factor\w*|plants?|warehouses?|expos\w*|impact\w*|affect\w*|spend|risk\w*)\b/,
  },
  {
    section: 'response',
    pattern: /\b(plans?|actions?|doing|respon\w*|mitigat\w*|progress|tasks?|memos?|notes?)\b/,
  },
  { section: 'happened', pattern: /\b(happen\w*|summar\w*|overview|situation|timeline|news)\b/ },
];
const SHIPMENT_WORDS = /\b(ship\w*|cargo|freight|containers?|lanes?|routes?|transit)\b/;
const SITE_WORDS = /\b(suppliers?|sites?|factor\w*|plants?|warehouses?|spend)\b/;

/** The sections the question points at first (earliest mention first), then the others. */
export function sectionOrder(question: string): Section[] {
  const text = question.toLowerCase();
  const matched = FOCUS.flatMap(({ section, pattern }) => {
    const at = text.search(pattern);
    return at === -1 ? [] : [{ section, at }];
  })
    .sort((a, b) => a.at - b.at)
    .map(({ section }) => section);
  return [...new Set([...matched, ...SECTIONS])];
}

const shipmentsFirst = (question: string): boolean => {
  const text = question.toLowerCase();
  const shipments = text.search(SHIPMENT_WORDS);
  const sites = text.search(SITE_WORDS);
  return shipments !== -1 && (sites === -1 || shipments < sites);
};

const SITE_KINDS_PLURAL: Readonly<Record<SiteKind, string>> = {
  SUPPLIER: 'suppliers',
  OWN_FACILITY: 'own facilities',
  WAREHOUSE: 'warehouses',
  PORT: 'ports',
  CUSTOMER: 'customers',
};
const siteKinds = (key: string, count: number) =>
  count === 1 ? words(key) : (SITE_KINDS_PLURAL[key as SiteKind] ?? words(key));

const siteLine = (site: SiteFact) =>
  `**${site.name}** (${words(site.kind)}, criticality ${words(site.criticality)}${
    site.annualSpend !== null ? `, ${formatMoney(site.annualSpend, site.currency)} a year` : ''
  }${site.place ? `, ${site.place}` : ''}, ${Math.round(site.distanceKm)} km away) [${site.ref}]`;

const shipmentLine = (shipment: ShipmentFact) =>
  `**${shipment.reference}** by ${words(shipment.mode)}, ${shipment.origin} → ${shipment.destination}, ${words(shipment.status)}${
    shipment.eta ? `, ETA ${day(shipment.eta)}` : ''
  } [${shipment.ref}]`;

const more = (total: number, shown: number) =>
  total > shown ? `\n- …and ${total - shown} more` : '';

function happened(context: AnalysisContext): string {
  const { incident, timeline } = context;
  const lines = [
    `## What happened`,
    `**${incident.title}** [${incident.ref}] is a ${words(incident.severity)}-severity ${INCIDENT_TYPE_LABELS[incident.type].toLowerCase()} event, ${words(incident.status)}. It started ${when(incident.startsAt)}${
      incident.resolvedAt
        ? ` and was resolved ${when(incident.resolvedAt)}`
        : incident.endsAt
          ? ` and is expected to end ${when(incident.endsAt)}`
          : ''
    }${incident.place ? `, in ${incident.place}` : ''}. ${
      incident.source === 'MANUAL'
        ? 'It was recorded by a person.'
        : `It was reported by the ${incident.source} feed.`
    }`,
  ];
  if (incident.description) lines.push(`> ${excerpt(incident.description, 400)}`);
  const latest = timeline.listed.slice(-3).reverse();
  if (latest.length > 0) {
    lines.push(
      `Latest on the timeline (${plural(timeline.total, 'entry', 'entries')} in all):\n${latest
        .map((entry) => `- ${day(entry.at)}: ${excerpt(entry.text, 160)} [${entry.ref}]`)
        .join('\n')}`,
    );
  }
  return lines.join('\n\n');
}

function exposed(context: AnalysisContext, question: string): string {
  const { sites, shipments, exposure } = context;
  if (sites.total === 0 && shipments.total === 0) {
    return `## What is exposed\n\nNone of your sites or shipments is or was within reach of this event.`;
  }
  const whileActive = exposure.basis === 'WHILE_ACTIVE';
  const siteLines =
    sites.total === 0
      ? [whileActive ? 'It reached no site of yours.' : 'No site of yours is within reach.']
      : [
          `${plural(sites.total, 'site')} by criticality: ${countsOf(sites.byCriticality)}; by kind: ${countsOf(sites.byKind, siteKinds)}.${
            sites.spend.length > 0
              ? ` Their annual spend: ${sites.spend.map((entry) => formatMoney(entry.amount, entry.currency)).join(' + ')}.`
              : ''
          }`,
          `Most critical:\n${sites.listed
            .slice(0, TOP)
            .map((site) => `- ${siteLine(site)}`)
            .join('\n')}${more(sites.total, Math.min(TOP, sites.listed.length))}`,
        ];
  const delayed = shipments.byStatus.DELAYED;
  const shipmentLines =
    shipments.total === 0
      ? [whileActive ? 'It reached no shipment of yours.' : 'No shipment of yours is within reach.']
      : [
          `${plural(shipments.total, 'shipment')} by mode: ${countsOf(shipments.byMode)}${
            delayed > 0 ? `; ${delayed} already delayed` : ''
          }.`,
          `${delayed > 0 ? 'Delayed first, then nearest' : 'Nearest'}:\n${shipments.listed
            .slice(0, TOP)
            .map((shipment) => `- ${shipmentLine(shipment)}`)
            .join('\n')}${more(shipments.total, Math.min(TOP, shipments.listed.length))}`,
        ];
  const { inAll, atOnce } = exposure;
  const overview = whileActive
    ? `Nothing of yours is within reach of this event now. While active it reached ${plural(sites.total, 'site')} and ${plural(shipments.total, 'shipment')} of yours, at most ${atOnce.sites} and ${atOnce.shipments} at once.`
    : `${plural(sites.total, 'site')} and ${plural(shipments.total, 'shipment')} of yours are within reach of this event.${
        inAll.sites + inAll.shipments > sites.total + shipments.total
          ? ` While active it reached ${plural(inAll.sites, 'site')} and ${plural(inAll.shipments, 'shipment')} in all.`
          : ''
      }`;
  return [
    `## What is exposed`,
    overview,
    `${valueAtRiskSentence(exposure.valueAtRisk)} ${prioritySentence(exposure.impact)}`,
    ...(shipmentsFirst(question)
      ? [...shipmentLines, ...siteLines]
      : [...siteLines, ...shipmentLines]),
  ].join('\n\n');
}

function response(context: AnalysisContext): string {
  const lines = [`## What is being done`];
  if (context.plans.length === 0) {
    lines.push('No response plan has been created for this event yet.');
  } else {
    lines.push(
      context.plans
        .map(
          ({ plan, ref }) =>
            `- **${plan.name}** (${words(plan.status)}): ${plan.progress.done} of ${plural(plan.progress.total, 'action')} done${
              plan.owner ? `, owned by ${plan.owner.name}` : ''
            }${plan.targetAt ? `, target ${day(new Date(plan.targetAt))}` : ''} [${ref}]`,
        )
        .join('\n'),
    );
    const open = context.plans
      .flatMap(({ actions }) => actions)
      .filter(({ action }) => action.status === 'IN_PROGRESS');
    if (open.length > 0) {
      lines.push(
        `In progress: ${open
          .slice(0, TOP)
          .map(({ action, ref }) => `${action.title} [${ref}]`)
          .join('; ')}.`,
      );
    }
  }
  const [memo] = context.memos;
  if (memo) {
    lines.push(
      `${plural(context.memos.length, 'memo')} on this event; the latest${memo.author ? `, by ${memo.author}` : ''} (${day(memo.updatedAt)}): “${excerpt(memo.body, 240)}” [${memo.ref}]`,
    );
  }
  return lines.join('\n\n');
}

function overdue(context: AnalysisContext): string {
  const actions = context.plans.flatMap(({ plan, actions }) =>
    actions.map((fact) => ({ ...fact, plan })),
  );
  const late = actions.filter(({ action }) => action.overdue);
  const blocked = actions.filter(({ action }) => action.status === 'BLOCKED');
  const lines = [`## What is overdue`];
  lines.push(
    late.length === 0
      ? 'No action is overdue.'
      : `${plural(late.length, 'action')} past due:\n${late
          .map(
            ({ action, plan, ref }) =>
              `- **${action.title}** (${plan.name}), due ${when(new Date(action.dueAt ?? 0))}, ${
                action.assignee ? `assigned to ${action.assignee.name}` : 'unassigned'
              } [${ref}]`,
          )
          .join('\n')}`,
  );
  if (blocked.length > 0) {
    lines.push(
      `Blocked:\n${blocked
        .map(
          ({ action, ref }) =>
            `- **${action.title}**${action.blockedReason ? `: ${excerpt(action.blockedReason, 160)}` : ''} [${ref}]`,
        )
        .join('\n')}`,
    );
  }
  return lines.join('\n\n');
}

function comparable(context: AnalysisContext): string {
  const { comparables, incident } = context;
  const type = INCIDENT_TYPE_LABELS[incident.type].toLowerCase();
  if (comparables.length === 0) {
    return `## Comparable events\n\nNo resolved ${type} event you can see is on record to compare with.`;
  }
  const mean =
    comparables.reduce((sum, event) => sum + event.hoursToResolve, 0) / comparables.length;
  return [
    `## Comparable events`,
    `${plural(comparables.length, `resolved ${type} event`)}${
      comparables.some((event) => event.distanceKm !== null) ? ', nearest first,' : ''
    } took ${duration(mean)} on average to resolve:`,
    comparables
      .map(
        (event) =>
          `- **${event.title}** (${day(event.startsAt)}${event.place ? `, ${event.place}` : ''}): resolved in ${duration(event.hoursToResolve)} [${event.ref}]`,
      )
      .join('\n'),
  ].join('\n\n');
}

/** The answer, in Markdown: the notice that no model wrote it, then the sections. */
export function composeAnswer(context: AnalysisContext, question: string): string {
  const write: Record<Section, () => string> = {
    happened: () => happened(context),
    exposed: () => exposed(context, question),
    response: () => response(context),
    overdue: () => overdue(context),
    comparable: () => comparable(context),
  };
  return [
    API_MESSAGES.analysis.noModel,
    ...sectionOrder(question).map((section) => write[section]()),
  ].join('\n\n');
}
