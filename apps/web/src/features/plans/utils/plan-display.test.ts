import type { Plan, PlanAction, PlanTemplate } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { actionsAssignedTo, planTransitions, rankTemplates } from './plan-display';

const template = (name: string, incidentTypes: PlanTemplate['incidentTypes']): PlanTemplate => ({
  id: `00000000-0000-4000-8000-${String(name.length).padStart(12, '0')}`,
  name,
  incidentTypes,
  actions: [],
  updatedAt: '2026-11-01T00:00:00.000Z',
});

const person = (id: string) => ({ id, name: id, email: `${id}@acme.example` });

const action = (id: string, assignee: string | null): PlanAction => ({
  id,
  position: 0,
  title: id,
  description: null,
  required: true,
  assignee: assignee ? person(assignee) : null,
  dueAt: null,
  status: 'TODO',
  blockedReason: null,
  notes: null,
  doneAt: null,
  doneBy: null,
  overdue: false,
  updatedAt: '2026-11-01T00:00:00.000Z',
});

const plan = (id: string, actions: PlanAction[]): Plan => ({
  id,
  incidentId: id,
  incidentTitle: 'Port strike',
  name: id,
  owner: null,
  status: 'ACTIVE',
  startsAt: '2026-11-01T00:00:00.000Z',
  targetAt: null,
  templateId: null,
  progress: { done: 0, total: actions.length },
  actions,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

describe('plan display rules', () => {
  it('ranks the templates made for the incident type first, then those for any type', () => {
    const ranked = rankTemplates(
      [
        template('Supplier failure', ['SUPPLIER_FAILURE']),
        template('General', []),
        template('Port disruption', ['PORT_CONGESTION', 'STRIKE']),
      ],
      'STRIKE',
    );
    expect(ranked.map(({ template: { name }, fits }) => [name, fits])).toEqual([
      ['Port disruption', true],
      ['General', false],
      ['Supplier failure', false],
    ]);
  });

  it('offers only the status changes that lead somewhere from the current status', () => {
    expect(planTransitions('ACTIVE').map((transition) => transition.label)).toEqual([
      'Complete',
      'Cancel plan',
    ]);
    expect(planTransitions('COMPLETED').map((transition) => transition.to)).toEqual(['ACTIVE']);
  });

  it('keeps, per plan, only the actions assigned to the user, and drops plans without any', () => {
    const groups = actionsAssignedTo(
      [plan('a', [action('a1', 'me'), action('a2', 'you')]), plan('b', [action('b1', null)])],
      'me',
    );
    expect(groups.map((group) => [group.plan.id, group.actions.map(({ id }) => id)])).toEqual([
      ['a', ['a1']],
    ]);
  });
});
