import { type PlanTemplate, type PlanTemplateData, PlanTemplateInput } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { LOCKS, lockFor } from '../../db/advisory-lock.js';
import type { Database, Executor } from '../../db/client.js';
import { type Actor, requireAccess } from '../../lib/access.js';
import { notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { toTemplateDto } from './plans.mapper.js';
import { type TemplateRow, plansRepository } from './plans.repository.js';
import { STARTER_TEMPLATES } from './starter-templates.js';

const templates = plansRepository.templates;

const columnsOf = (input: PlanTemplateData) => ({
  name: input.name,
  incidentTypes: input.incidentTypes,
  actions: input.actions.map((action) => ({
    title: action.title,
    description: action.description ?? null,
    ownerRole: action.ownerRole ?? null,
    ownerId: action.ownerId ?? null,
    dueOffsetHours: action.dueOffsetHours,
    required: action.required,
  })),
});

/**
 * An organization's plan templates: everyone reads them, MANAGERs and ADMINs change them.
 * Each organization starts with the three starter templates, once (removing one is final).
 */
export class PlanTemplatesService {
  constructor(private readonly db: Database) {}

  async list(actor: Actor): Promise<PlanTemplate[]> {
    const rows = await this.db.transaction(async (tx) => {
      await this.ensureStarters(tx, actor.organizationId);
      return templates.list(tx, actor.organizationId);
    });
    return rows.map(toTemplateDto);
  }

  async create(actor: Actor, input: PlanTemplateData): Promise<PlanTemplate> {
    requireAccess(actor, 'organization.editData', API_MESSAGES.plan.editorRequired);
    return this.db.transaction(async (tx) => {
      await this.ensureStarters(tx, actor.organizationId);
      const [row] = await templates.insert(tx, [
        { organizationId: actor.organizationId, ...columnsOf(input) },
      ]);
      if (!row) throw new Error('template insert returned nothing');
      const dto = toTemplateDto(row);
      await recordAudit(tx, actor, {
        action: 'plan-template.create',
        targetType: 'plan-template',
        targetId: row.id,
        after: dto,
      });
      return dto;
    });
  }

  async update(actor: Actor, id: string, input: PlanTemplateData): Promise<PlanTemplate> {
    return this.db.transaction(async (tx) => {
      const before = await this.visible(tx, actor, id);
      requireAccess(actor, 'organization.editData', API_MESSAGES.plan.editorRequired);
      const after = toTemplateDto(await templates.update(tx, id, columnsOf(input)));
      await recordAudit(tx, actor, {
        action: 'plan-template.update',
        targetType: 'plan-template',
        targetId: id,
        before: toTemplateDto(before),
        after,
      });
      return after;
    });
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.visible(tx, actor, id);
      requireAccess(actor, 'organization.editData', API_MESSAGES.plan.editorRequired);
      await templates.update(tx, id, { deletedAt: new Date() });
      await recordAudit(tx, actor, {
        action: 'plan-template.delete',
        targetType: 'plan-template',
        targetId: id,
        before: toTemplateDto(before),
      });
    });
  }

  private async ensureStarters(tx: Executor, organizationId: string): Promise<void> {
    if (await templates.everHad(tx, organizationId)) return;
    await lockFor(tx, LOCKS.planTemplates, organizationId);
    if (await templates.everHad(tx, organizationId)) return;
    // A millisecond apart: listed in this order, as written.
    const now = Date.now();
    await templates.insert(
      tx,
      STARTER_TEMPLATES.map((starter, index) => ({
        organizationId,
        ...columnsOf(PlanTemplateInput.parse(starter)),
        createdAt: new Date(now + index),
      })),
    );
  }

  private async visible(tx: Executor, actor: Actor, id: string): Promise<TemplateRow> {
    const row = await templates.find(tx, actor.organizationId, id);
    if (!row) throw notFound(API_MESSAGES.plan.templateNotFound);
    return row;
  }
}
