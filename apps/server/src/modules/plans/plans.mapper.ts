import type { Plan, PlanAction, PlanPerson, PlanTemplate } from '@meridian/contracts';
import type { ActionRow, PersonRow, PlanRow, TemplateRow } from './plans.repository.js';

export const personOf = (row: PersonRow | undefined): PlanPerson | null =>
  row
    ? {
        id: row.id,
        name: `${row.firstName} ${row.lastName}`.trim() || row.email,
        email: row.email,
      }
    : null;

export function toActionDto(
  row: ActionRow,
  people: ReadonlyMap<string, PersonRow>,
  now: Date,
): PlanAction {
  return {
    id: row.id,
    position: row.position,
    title: row.title,
    description: row.description,
    required: row.required,
    assignee: personOf(row.assigneeId ? people.get(row.assigneeId) : undefined),
    dueAt: row.dueAt?.toISOString() ?? null,
    status: row.status,
    blockedReason: row.blockedReason,
    notes: row.notes,
    doneAt: row.doneAt?.toISOString() ?? null,
    doneBy: personOf(row.doneBy ? people.get(row.doneBy) : undefined),
    overdue: row.status !== 'DONE' && row.dueAt !== null && row.dueAt < now,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPlanDto(
  plan: PlanRow & { incidentTitle: string },
  actions: readonly ActionRow[],
  people: ReadonlyMap<string, PersonRow>,
  now: Date,
): Plan {
  return {
    id: plan.id,
    incidentId: plan.incidentId,
    incidentTitle: plan.incidentTitle,
    name: plan.name,
    owner: personOf(plan.ownerId ? people.get(plan.ownerId) : undefined),
    status: plan.status,
    startsAt: plan.startsAt.toISOString(),
    targetAt: plan.targetAt?.toISOString() ?? null,
    templateId: plan.templateId,
    progress: {
      done: actions.filter((action) => action.status === 'DONE').length,
      total: actions.length,
    },
    actions: actions.map((action) => toActionDto(action, people, now)),
    createdAt: plan.createdAt.toISOString(),
    updatedAt: plan.updatedAt.toISOString(),
  };
}

export const toTemplateDto = (row: TemplateRow): PlanTemplate => ({
  id: row.id,
  name: row.name,
  incidentTypes: row.incidentTypes,
  actions: row.actions,
  updatedAt: row.updatedAt.toISOString(),
});
