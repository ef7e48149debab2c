/**
 * An incident's priority for one organization (README, "Priority"): points for what it is and
 * what it reaches, added up and cut into P1–P4. Plain values, no zod: the Events toolbar and
 * the Atlas legend import them from `@meridian/contracts/constants`.
 */
import type { CRITICALITIES, SEVERITIES } from './roles.js';

export const PRIORITIES = ['P1', 'P2', 'P3', 'P4'] as const;
type Priority = (typeof PRIORITIES)[number];

/** A priority filter's values: the priorities, and NONE ("Not exposed"). */
export const PRIORITY_FILTERS = [...PRIORITIES, 'NONE'] as const;
export type PriorityFilter = (typeof PRIORITY_FILTERS)[number];

/** What the user reads beside the code. */
export const PRIORITY_LABELS: Record<Priority, string> = {
  P1: 'P1 · Act now',
  P2: 'P2 · Act today',
  P3: 'P3 · Watch',
  P4: 'P4 · Note',
};

/** Written where an incident reaches nothing of the organization. */
export const NOT_EXPOSED = 'Not exposed';

/** What the priority is computed from; each is known once the incident reaches something. */
export type PriorityInputs = {
  severity: (typeof SEVERITIES)[number];
  /** The highest criticality among the sites it reaches now; null when it reaches shipments only. */
  criticality: (typeof CRITICALITIES)[number] | null;
  /** The nearest item it reaches, as a share of its reach (0 at its centre, 1 at its edge). */
  proximity: number;
  /**
   * Its value at risk in days of the organization's revenue (the revenue per day of its sites);
   * null when the organization has entered no revenue. `valueKnown`: some value at risk at all.
   */
  valueDays: number | null;
  valueKnown: boolean;
  /** It reaches a site that is the only source of a part. */
  singleSource: boolean;
};

export type PriorityPoints = {
  severity: number;
  criticality: number;
  proximity: number;
  value: number;
  singleSource: number;
};

const SEVERITY_POINTS = { CRITICAL: 3, HIGH: 2, MEDIUM: 1, LOW: 0 } as const;
const CRITICALITY_POINTS = { CRITICAL: 3, HIGH: 2, MEDIUM: 1, LOW: 0 } as const;
/** Shipments carry no criticality of their own: they count as a MEDIUM site. */
const SHIPMENTS_ONLY_POINTS = 1;

/** Lowest total of each priority, highest first; below P3's is P4. */
export const PRIORITY_CUTS: readonly { priority: Priority; from: number }[] = [
  { priority: 'P1', from: 9 },
  { priority: 'P2', from: 6 },
  { priority: 'P3', from: 3 },
];

/** Points for value at risk: 7 days of revenue or more 3, a day or more 2, less 1, none 0. */
function valuePoints(inputs: PriorityInputs): number {
  if (!inputs.valueKnown) return 0;
  // Value, but no revenue to weigh it against: it counts, as the least.
  if (inputs.valueDays === null) return 1;
  if (inputs.valueDays >= 7) return 3;
  if (inputs.valueDays >= 1) return 2;
  return 1;
}

/** Each input's points (README, "Priority"). */
export function priorityPoints(inputs: PriorityInputs): PriorityPoints {
  return {
    severity: SEVERITY_POINTS[inputs.severity],
    criticality:
      inputs.criticality === null ? SHIPMENTS_ONLY_POINTS : CRITICALITY_POINTS[inputs.criticality],
    proximity: inputs.proximity <= 0.2 ? 2 : inputs.proximity <= 0.5 ? 1 : 0,
    value: valuePoints(inputs),
    singleSource: inputs.singleSource ? 2 : 0,
  };
}

export const totalPoints = (points: PriorityPoints): number =>
  points.severity + points.criticality + points.proximity + points.value + points.singleSource;

/** The priority of a total of points. */
export function priorityOfPoints(total: number): Priority {
  return PRIORITY_CUTS.find((cut) => total >= cut.from)?.priority ?? 'P4';
}

/** The priority of an incident that reaches something of the organization. */
export const priorityOf = (inputs: PriorityInputs): Priority =>
  priorityOfPoints(totalPoints(priorityPoints(inputs)));

/** P1 ranks highest: 4 for P1 down to 1 for P4 (0: not exposed), as the list sorts. */
export const priorityRank = (priority: Priority | null): number =>
  priority === null ? 0 : PRIORITIES.length - PRIORITIES.indexOf(priority);

/**
 * Whether an alert about an incident of `priority` passes an endpoint's minimum: any alert
 * when there is no minimum, else only one whose incident had at least that priority.
 */
export const meetsPriority = (minimum: Priority | null, priority: Priority | null): boolean =>
  minimum === null || priorityRank(priority) >= priorityRank(minimum);
