import {
  type ActionCreateData,
  type ActionStatus,
  type ActionUpdate,
  type Plan,
  type PlanCreateData,
  type PlanListFilter,
  type PlanUpdate,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { Database, Executor } from '../../db/client.js';
import { type Actor, editsOrganizationData, requireAccess } from '../../lib/access.js';
import { badRequest, conflict, forbidden, notFound, stale } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { incidentsReads } from '../incidents/incidents.reads.js';
import { appendIncidentEvent } from '../incidents/incidents.service.js';
import type { PlanAlerts } from './plan-alerts.js';
import { toPlanDto } from './plans.mapper.js';
import {
  type ActionRow,
  type NewAction,
  type PlanRow,
  plansRepository as repository,
} from './plans.repository.js';

const HOUR = 3_600_000;
const STATUS_LABEL: Readonly<Record<ActionStatus, string>> = {
  TODO: 'To do',
  IN_PROGRESS: 'In progress',
  DONE: 'Done',
  BLOCKED: 'Blocked',
};
/** What a member may change of an action assigned to them. */
const ASSIGNEE_FIELDS = new Set(['updatedAt', 'status', 'blockedReason', 'notes']);
const closed = (plan: PlanRow) => plan.status === 'COMPLETED' || plan.status === 'CANCELLED';
const sameInstant = (row: Date, read: string) => row.getTime() === Date.parse(read);

type PlanWithIncident = PlanRow & { incidentTitle: string };

/**
 * Response plans of an organization: created from a template or blank on an incident it sees,
 * run by its MANAGERs and ADMINs; a member updates the status and notes of actions assigned
 * to them. Every change is on the incident's timeline and in the audit log, in its
 * transaction, and a stale write (another person changed it since it was read) is a 409.
 */
export class PlansService {
  constructor(
    private readonly db: Database,
    private readonly alerts: PlanAlerts | null,
    private readonly kick: () => void = () => undefined,
  ) {}

  async list(actor: Actor, query: PlanListFilter): Promise<Plan[]> {
    const rows = await repository.list(this.db, actor.organizationId, {
      incidentId: query.incidentId,
      status: query.status,
      assigneeId: query.assignee === 'me' ? actor.user.id : query.assignee,
    });
    return this.toDtos(this.db, rows);
  }

  async get(actor: Actor, id: string): Promise<Plan> {
    return this.dto(this.db, await this.visible(this.db, actor, id));
  }

  async create(actor: Actor, input: PlanCreateData): Promise<Plan> {
    requireAccess(actor, 'organization.editData', API_MESSAGES.plan.editorRequired);
    const plan = await this.db.transaction(async (tx) => {
      const incident = await incidentsReads.findVisible(tx, actor.organizationId, input.incidentId);
      if (!incident) throw notFound(API_MESSAGES.plan.incidentNotFound);
      const template = input.templateId
        ? await repository.templates.find(tx, actor.organizationId, input.templateId)
        : undefined;
      if (input.templateId && !template) throw notFound(API_MESSAGES.plan.templateNotFound);
      if (input.ownerId) await this.assertMember(tx, actor, input.ownerId, 'ownerId');
      const startsAt = input.startsAt ? new Date(input.startsAt) : new Date();
      const row = await repository.insert(tx, {
        organizationId: actor.organizationId,
        incidentId: incident.id,
        templateId: template?.id ?? null,
        name: input.name ?? template?.name ?? 'Response plan',
        ownerId: input.ownerId ?? actor.user.id,
        status: input.status,
        startsAt,
        targetAt: input.targetAt ? new Date(input.targetAt) : null,
        createdBy: actor.user.id,
      });
      const actions: NewAction[] = [];
      for (const [position, step] of (template?.actions ?? []).entries()) {
        const owner =
          (step.ownerId &&
            (await incidentsReads.findAssignable(tx, actor.organizationId, step.ownerId))?.id) ||
          (step.ownerRole
            ? await repository.firstWithRole(tx, actor.organizationId, step.ownerRole)
            : null);
        actions.push({
          planId: row.id,
          organizationId: actor.organizationId,
          position,
          title: step.title,
          description: step.description,
          required: step.required,
          assigneeId: owner ?? null,
          dueAt: new Date(startsAt.getTime() + step.dueOffsetHours * HOUR),
          status: 'TODO',
        });
      }
      const inserted = await repository.insertActions(tx, actions);
      const planWithTitle = { ...row, incidentTitle: incident.title };
      await this.timeline(
        tx,
        actor,
        row,
        `Plan “${row.name}” created${template ? ` from the template “${template.name}”` : ''}`,
      );
      const dto = await this.dto(tx, planWithTitle, inserted);
      await recordAudit(tx, actor, {
        action: 'plan.create',
        targetType: 'plan',
        targetId: row.id,
        after: dto,
      });
      await this.alerts?.planCreated(tx, actor, planWithTitle, inserted);
      return dto;
    });
    this.kick();
    return plan;
  }

  async update(actor: Actor, id: string, input: PlanUpdate): Promise<Plan> {
    const plan = await this.db.transaction(async (tx) => {
      const before = await this.visible(tx, actor, id, true);
      requireAccess(actor, 'organization.editData', API_MESSAGES.plan.editorRequired);
      if (!sameInstant(before.updatedAt, input.updatedAt)) throw stale(API_MESSAGES.plan.stale);
      if (input.ownerId) await this.assertMember(tx, actor, input.ownerId, 'ownerId');
      const actions = await repository.actionsOf(tx, [id]);
      if (input.status === 'COMPLETED' && before.status !== 'COMPLETED') {
        const open = actions.filter((action) => action.required && action.status !== 'DONE');
        if (open.length > 0) throw conflict(API_MESSAGES.plan.requiredOpen(open.length));
      }
      const after = await repository.update(tx, id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.ownerId !== undefined ? { ownerId: input.ownerId } : {}),
        ...(input.targetAt !== undefined
          ? { targetAt: input.targetAt ? new Date(input.targetAt) : null }
          : {}),
        ...(input.status !== undefined
          ? {
              status: input.status,
              completedAt: input.status === 'COMPLETED' ? new Date() : null,
            }
          : {}),
      });
      const changes = [
        input.name !== undefined && input.name !== before.name ? `renamed “${input.name}”` : null,
        input.status !== undefined && input.status !== before.status
          ? `${before.status.toLowerCase()} → ${input.status.toLowerCase()}`
          : null,
        input.ownerId !== undefined && input.ownerId !== before.ownerId ? 'new owner' : null,
        input.targetAt !== undefined ? 'target completion changed' : null,
      ].filter(Boolean);
      if (changes.length > 0) {
        await this.timeline(tx, actor, after, `Plan “${after.name}”: ${changes.join(', ')}`);
      }
      const withTitle = { ...after, incidentTitle: before.incidentTitle };
      const dto = await this.dto(tx, withTitle, actions);
      await recordAudit(tx, actor, {
        action: 'plan.update',
        targetType: 'plan',
        targetId: id,
        before: await this.dto(tx, before, actions),
        after: dto,
      });
      await this.alerts?.planChanged(tx, actor, before, withTitle);
      return dto;
    });
    this.kick();
    return plan;
  }

  async addAction(actor: Actor, planId: string, input: ActionCreateData): Promise<Plan> {
    const plan = await this.db.transaction(async (tx) => {
      const parent = await this.visible(tx, actor, planId, true);
      requireAccess(actor, 'organization.editData', API_MESSAGES.plan.editorRequired);
      if (closed(parent)) throw conflict(API_MESSAGES.plan.closed);
      if (input.assigneeId) await this.assertMember(tx, actor, input.assigneeId, 'assigneeId');
      const [action] = await repository.insertActions(tx, [
        {
          planId,
          organizationId: actor.organizationId,
          position: await repository.nextPosition(tx, planId),
          title: input.title,
          description: input.description ?? null,
          required: input.required,
          assigneeId: input.assigneeId ?? null,
          dueAt: input.dueAt ? new Date(input.dueAt) : null,
          status: 'TODO',
        },
      ]);
      if (!action) throw new Error('action insert returned nothing');
      const after = {
        ...(await repository.update(tx, planId, {})),
        incidentTitle: parent.incidentTitle,
      };
      await this.timeline(tx, actor, after, `Action “${action.title}” added to “${after.name}”`);
      await recordAudit(tx, actor, {
        action: 'plan.action.create',
        targetType: 'plan-action',
        targetId: action.id,
        after: { planId, ...input },
      });
      await this.alerts?.actionAssigned(tx, actor, after, action, null);
      return this.dto(tx, after);
    });
    this.kick();
    return plan;
  }

  async updateAction(
    actor: Actor,
    planId: string,
    actionId: string,
    input: ActionUpdate,
  ): Promise<Plan> {
    const plan = await this.db.transaction(async (tx) => {
      const parent = await this.visible(tx, actor, planId, true);
      const before = await repository.findAction(tx, planId, actionId);
      if (!before) throw notFound(API_MESSAGES.plan.actionNotFound);
      if (!editsOrganizationData(actor)) {
        const own = before.assigneeId === actor.user.id;
        if (!own || Object.keys(input).some((key) => !ASSIGNEE_FIELDS.has(key))) {
          throw forbidden(API_MESSAGES.plan.viewerOwnActions);
        }
      }
      if (!sameInstant(before.updatedAt, input.updatedAt)) throw stale(API_MESSAGES.plan.stale);
      if (closed(parent)) throw conflict(API_MESSAGES.plan.closed);
      if (input.assigneeId) await this.assertMember(tx, actor, input.assigneeId, 'assigneeId');
      const status = input.status ?? before.status;
      const blockedReason =
        status === 'BLOCKED' ? (input.blockedReason ?? before.blockedReason) : null;
      if (status === 'BLOCKED' && !blockedReason) {
        throw badRequest(`blockedReason: ${API_MESSAGES.plan.blockedReason}`);
      }
      const now = new Date();
      const dueAt =
        input.dueAt === undefined ? undefined : input.dueAt ? new Date(input.dueAt) : null;
      const after = await repository.updateAction(tx, actionId, {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.assigneeId !== undefined ? { assigneeId: input.assigneeId } : {}),
        ...(dueAt !== undefined ? { dueAt, overdueAlertedAt: null } : {}),
        ...(input.required !== undefined ? { required: input.required } : {}),
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
        status,
        blockedReason,
        ...(status === 'DONE' && before.status !== 'DONE'
          ? { doneAt: now, doneBy: actor.user.id }
          : {}),
        ...(status !== 'DONE' ? { doneAt: null, doneBy: null } : {}),
      });
      const touched = {
        ...(await repository.update(tx, planId, {})),
        incidentTitle: parent.incidentTitle,
      };
      const what = [
        status !== before.status
          ? `${STATUS_LABEL[before.status]} → ${STATUS_LABEL[status]}`
          : null,
        status === 'BLOCKED' && blockedReason !== before.blockedReason
          ? `blocked: ${blockedReason}`
          : null,
        input.assigneeId !== undefined && input.assigneeId !== before.assigneeId
          ? 'reassigned'
          : null,
        dueAt !== undefined ? 'new due date' : null,
        input.notes !== undefined && input.notes !== before.notes ? 'notes' : null,
        input.title !== undefined && input.title !== before.title
          ? `renamed “${input.title}”`
          : null,
      ].filter(Boolean);
      if (what.length > 0) {
        await this.timeline(tx, actor, touched, `Action “${after.title}”: ${what.join(', ')}`);
      }
      await recordAudit(tx, actor, {
        action: 'plan.action.update',
        targetType: 'plan-action',
        targetId: actionId,
        before,
        after,
      });
      if (after.assigneeId && after.assigneeId !== before.assigneeId) {
        await this.alerts?.actionAssigned(tx, actor, touched, after, before.assigneeId);
      }
      return this.dto(tx, touched);
    });
    this.kick();
    return plan;
  }

  private async visible(
    db: Executor,
    actor: Actor,
    id: string,
    lock = false,
  ): Promise<PlanWithIncident> {
    const row = await repository.find(db, actor.organizationId, id, lock);
    if (!row) throw notFound(API_MESSAGES.plan.notFound);
    return row;
  }

  private async assertMember(db: Executor, actor: Actor, id: string, field: string) {
    if (!(await incidentsReads.findAssignable(db, actor.organizationId, id))) {
      throw badRequest(`${field}: ${API_MESSAGES.plan.assigneeNotFound}`);
    }
  }

  /** On the incident's timeline, as the organization's own entry (global incidents too). */
  private async timeline(tx: Executor, actor: Actor, plan: PlanRow, body: string) {
    await appendIncidentEvent(tx, {
      incidentId: plan.incidentId,
      organizationId: plan.organizationId,
      actorUserId: actor.user.id,
      kind: 'PLAN',
      changes: [],
      body,
    });
  }

  private async dto(
    db: Executor,
    plan: PlanWithIncident,
    actions?: readonly ActionRow[],
  ): Promise<Plan> {
    const [dto] = await this.toDtos(db, [plan], actions);
    if (!dto) throw new Error('plan vanished');
    return dto;
  }

  private async toDtos(
    db: Executor,
    rows: readonly PlanWithIncident[],
    known?: readonly ActionRow[],
  ): Promise<Plan[]> {
    const actions =
      known ??
      (await repository.actionsOf(
        db,
        rows.map((row) => row.id),
      ));
    const people = await repository.people(db, [
      ...rows.flatMap((row) => (row.ownerId ? [row.ownerId] : [])),
      ...actions.flatMap((action) =>
        [action.assigneeId, action.doneBy].filter((id) => id !== null),
      ),
    ]);
    const byId = new Map(people.map((person) => [person.id, person]));
    const now = new Date();
    return rows.map((row) =>
      toPlanDto(
        row,
        actions.filter((action) => action.planId === row.id),
        byId,
        now,
      ),
    );
  }
}
