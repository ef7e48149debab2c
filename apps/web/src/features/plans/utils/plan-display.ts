import type { BadgeTone } from '@/components/ui/Badge';
import type {
  ActionStatus,
  IncidentType,
  Plan,
  PlanAction,
  PlanStatus,
  PlanTemplate,
} from '@meridian/contracts';

export { PLAN_STATUS_LABELS } from '@meridian/contracts';

export const PLAN_STATUS_TONES = {
  DRAFT: 'slate',
  ACTIVE: 'blue',
  COMPLETED: 'green',
  CANCELLED: 'orange',
} as const satisfies Record<PlanStatus, BadgeTone>;

export const ACTION_STATUS_LABELS = {
  TODO: 'To do',
  IN_PROGRESS: 'In progress',
  DONE: 'Done',
  BLOCKED: 'Blocked',
} as const satisfies Record<ActionStatus, string>;

/** The plan's name when a blank plan is created without one (the server's default too). */
export const BLANK_PLAN_NAME = 'Response plan';

/** Completed and cancelled plans keep their actions as they were until reopened. */
export const isClosed = (status: PlanStatus): boolean =>
  status === 'COMPLETED' || status === 'CANCELLED';

type Transition = { label: string; to: PlanStatus; from: readonly PlanStatus[] };

const TRANSITIONS: readonly Transition[] = [
  { label: 'Activate', to: 'ACTIVE', from: ['DRAFT'] },
  { label: 'Complete', to: 'COMPLETED', from: ['DRAFT', 'ACTIVE'] },
  { label: 'Cancel plan', to: 'CANCELLED', from: ['DRAFT', 'ACTIVE'] },
  { label: 'Reopen', to: 'ACTIVE', from: ['COMPLETED', 'CANCELLED'] },
];

/** The status changes a plan offers from where it is. */
export const planTransitions = (status: PlanStatus): readonly Transition[] =>
  TRANSITIONS.filter((transition) => transition.from.includes(status));

/**
 * Templates for an incident of this type: those made for the type first, then those for any
 * type, then the rest; by name within each.
 */
export function rankTemplates(
  templates: readonly PlanTemplate[],
  type: IncidentType | undefined,
): { template: PlanTemplate; fits: boolean }[] {
  const rank = (template: PlanTemplate) =>
    type && template.incidentTypes.includes(type) ? 0 : template.incidentTypes.length === 0 ? 1 : 2;
  return [...templates]
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name))
    .map((template) => ({ template, fits: rank(template) === 0 }));
}

/** The plans holding actions assigned to this user, each with only those actions. */
export function actionsAssignedTo(
  plans: readonly Plan[],
  userId: string | null,
): { plan: Plan; actions: PlanAction[] }[] {
  return plans
    .map((plan) => ({
      plan,
      actions: plan.actions.filter((action) => userId !== null && action.assignee?.id === userId),
    }))
    .filter((group) => group.actions.length > 0);
}

/** How a person is named on screen. */
export const personName = (person: { name: string; email: string } | null): string =>
  person ? person.name.trim() || person.email : 'Nobody';
