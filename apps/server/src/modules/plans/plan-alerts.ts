import { WEB_PATHS } from '@meridian/contracts';
import type { AlertKind } from '@meridian/contracts';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../../lib/access.js';
import type { AlertRaiser } from '../alerts/raise.js';
import { incidentsReads } from '../incidents/incidents.reads.js';
import type { ActionRow, PlanRow } from './plans.repository.js';

type PlanWithIncident = PlanRow & { incidentTitle: string };

const nameOf = (actor: Actor) =>
  `${actor.user.firstName} ${actor.user.lastName}`.trim() || actor.user.email;

/**
 * Alerts about plans, raised in the change's transaction: a plan or an action assigned to
 * someone (not to themselves), a plan completed (to the organization's members). Overdue
 * actions are alerted by their own job.
 */
export class PlanAlerts {
  constructor(private readonly raiser: AlertRaiser) {}

  async planCreated(
    tx: Executor,
    actor: Actor,
    plan: PlanWithIncident,
    actions: readonly ActionRow[],
  ): Promise<void> {
    if (plan.ownerId && plan.ownerId !== actor.user.id) {
      await this.raise(
        tx,
        actor,
        plan,
        'PLAN_ASSIGNED',
        `${nameOf(actor)} made you the owner of “${plan.name}”`,
        plan.ownerId,
      );
    }
    const perAssignee = new Map<string, number>();
    for (const action of actions) {
      if (action.assigneeId && action.assigneeId !== actor.user.id) {
        perAssignee.set(action.assigneeId, (perAssignee.get(action.assigneeId) ?? 0) + 1);
      }
    }
    for (const [assignee, count] of perAssignee) {
      await this.raise(
        tx,
        actor,
        plan,
        'ACTION_ASSIGNED',
        `${count} ${count === 1 ? 'action' : 'actions'} of “${plan.name}” assigned to you`,
        assignee,
      );
    }
  }

  async planChanged(
    tx: Executor,
    actor: Actor,
    before: PlanRow,
    after: PlanWithIncident,
  ): Promise<void> {
    if (after.ownerId && after.ownerId !== before.ownerId && after.ownerId !== actor.user.id) {
      await this.raise(
        tx,
        actor,
        after,
        'PLAN_ASSIGNED',
        `${nameOf(actor)} made you the owner of “${after.name}”`,
        after.ownerId,
      );
    }
    if (after.status === 'COMPLETED' && before.status !== 'COMPLETED') {
      await this.raise(
        tx,
        actor,
        after,
        'PLAN_COMPLETED',
        `“${after.name}” completed by ${nameOf(actor)}`,
        null,
      );
    }
  }

  async actionAssigned(
    tx: Executor,
    actor: Actor,
    plan: PlanWithIncident,
    action: ActionRow,
    previous: string | null,
  ): Promise<void> {
    if (!action.assigneeId || action.assigneeId === previous || action.assigneeId === actor.user.id)
      return;
    await this.raise(
      tx,
      actor,
      plan,
      'ACTION_ASSIGNED',
      `“${action.title}” (${plan.name}) assigned to you`,
      action.assigneeId,
    );
  }

  private async raise(
    tx: Executor,
    actor: Actor | null,
    plan: PlanWithIncident,
    kind: AlertKind,
    line: string,
    targetUserId: string | null,
  ): Promise<void> {
    const incident = await incidentsReads.findVisible(tx, plan.organizationId, plan.incidentId);
    await this.raiser.raise(tx, {
      organizationId: plan.organizationId,
      incidentId: plan.incidentId,
      kind,
      severity: incident?.severity ?? 'MEDIUM',
      title: plan.incidentTitle,
      line,
      // The plan on the Plans screen; an action: the person's own actions there.
      link: WEB_PATHS.admin.plans.getHref({
        incident: plan.incidentId,
        plan: plan.id,
        ...(kind.startsWith('ACTION_') ? { view: 'mine' } : {}),
      }),
      actorUserId: actor?.user.id ?? null,
      targetUserId,
    });
  }

  /** An action past its due time: to its assignee, else the plan's owner. */
  async overdue(tx: Executor, plan: PlanWithIncident, action: ActionRow): Promise<void> {
    const to = action.assigneeId ?? plan.ownerId;
    if (!to) return;
    await this.raise(
      tx,
      null,
      plan,
      'ACTION_OVERDUE',
      `“${action.title}” (${plan.name}) is overdue`,
      to,
    );
  }
}
