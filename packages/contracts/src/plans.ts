import { z } from 'zod';
import { IsoDateTime } from './common.js';
import { AdminRole, IncidentType } from './enums.js';

export const PLAN_STATUSES = ['DRAFT', 'ACTIVE', 'COMPLETED', 'CANCELLED'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
export const PLAN_STATUS_LABELS = {
  DRAFT: 'Draft',
  ACTIVE: 'Active',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
} as const satisfies Record<PlanStatus, string>;
export const ACTION_STATUSES = ['TODO', 'IN_PROGRESS', 'DONE', 'BLOCKED'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

export const PLAN_LIMITS = {
  name: 120,
  title: 200,
  description: 4000,
  notes: 4000,
  reason: 500,
  /** Actions in a template or a plan. */
  actions: 100,
  /** A template's due offsets reach at most this far from the plan's start. */
  offsetHoursMax: 24 * 90,
} as const;

const Text = (max: number) => z.string().trim().max(max);
const Person = z.object({ id: z.uuid(), name: z.string(), email: z.string() });
export type PlanPerson = z.infer<typeof Person>;

/** One step of a template: who does it by default and when it is due after the plan starts. */
export const TemplateAction = z.strictObject({
  title: Text(PLAN_LIMITS.title).min(1, 'title is required'),
  description: Text(PLAN_LIMITS.description).nullable().optional(),
  /** The member it goes to, or else the first active member with this role. */
  ownerRole: AdminRole.nullable().optional(),
  ownerId: z.uuid().nullable().optional(),
  dueOffsetHours: z
    .number()
    .min(0, 'due offsets count from the plan start')
    .max(PLAN_LIMITS.offsetHoursMax),
  required: z.boolean().default(true),
});
export type TemplateAction = z.input<typeof TemplateAction>;

export const PlanTemplateInput = z.strictObject({
  name: Text(PLAN_LIMITS.name).min(1, 'name is required'),
  /** The incident types it fits (empty: any). */
  incidentTypes: z.array(IncidentType).max(20).default([]),
  actions: z
    .array(TemplateAction)
    .min(1, 'a template needs at least one action')
    .max(PLAN_LIMITS.actions),
});
export type PlanTemplateInput = z.input<typeof PlanTemplateInput>;
export type PlanTemplateData = z.output<typeof PlanTemplateInput>;

export const PlanTemplate = z
  .object({
    id: z.uuid(),
    name: z.string(),
    incidentTypes: z.array(IncidentType),
    actions: z.array(
      z.object({
        title: z.string(),
        description: z.string().nullable(),
        ownerRole: AdminRole.nullable(),
        ownerId: z.uuid().nullable(),
        dueOffsetHours: z.number(),
        required: z.boolean(),
      }),
    ),
    updatedAt: IsoDateTime,
  })
  .meta({ id: 'PlanTemplate' });
export type PlanTemplate = z.infer<typeof PlanTemplate>;

export const PlanAction = z
  .object({
    id: z.uuid(),
    position: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    required: z.boolean(),
    assignee: Person.nullable(),
    dueAt: IsoDateTime.nullable(),
    status: z.enum(ACTION_STATUSES),
    blockedReason: z.string().nullable(),
    notes: z.string().nullable(),
    doneAt: IsoDateTime.nullable(),
    doneBy: Person.nullable(),
    /** Past its due time and not done. */
    overdue: z.boolean(),
    /** The precondition of the next change (a stale one is refused with 409). */
    updatedAt: IsoDateTime,
  })
  .meta({ id: 'PlanAction' });
export type PlanAction = z.infer<typeof PlanAction>;

export const Plan = z
  .object({
    id: z.uuid(),
    incidentId: z.uuid(),
    incidentTitle: z.string(),
    name: z.string(),
    owner: Person.nullable(),
    status: z.enum(PLAN_STATUSES),
    startsAt: IsoDateTime,
    targetAt: IsoDateTime.nullable(),
    templateId: z.uuid().nullable(),
    progress: z.object({ done: z.number().int(), total: z.number().int() }),
    actions: z.array(PlanAction),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof Plan>;

export const PlanListQuery = z.strictObject({
  incidentId: z.uuid().optional(),
  status: z.enum(PLAN_STATUSES).optional(),
  /** `me`: plans with an action assigned to the caller; else a member's id. */
  assignee: z.union([z.literal('me'), z.uuid()]).optional(),
});
export type PlanListQuery = z.input<typeof PlanListQuery>;
export type PlanListFilter = z.output<typeof PlanListQuery>;

export const PlanCreate = z.strictObject({
  incidentId: z.uuid(),
  /** Blank when absent: a plan without actions, to add them one by one. */
  templateId: z.uuid().nullable().optional(),
  /** The template's name (or "Response plan") when absent. */
  name: Text(PLAN_LIMITS.name).min(1).optional(),
  ownerId: z.uuid().nullable().optional(),
  startsAt: IsoDateTime.optional(),
  targetAt: IsoDateTime.nullable().optional(),
  status: z.enum(['DRAFT', 'ACTIVE']).default('ACTIVE'),
});
export type PlanCreate = z.input<typeof PlanCreate>;
export type PlanCreateData = z.output<typeof PlanCreate>;

export const PlanUpdate = z.strictObject({
  /** The plan's `updatedAt` as last read: a change made since then wins, this one is a 409. */
  updatedAt: IsoDateTime,
  name: Text(PLAN_LIMITS.name).min(1).optional(),
  ownerId: z.uuid().nullable().optional(),
  status: z.enum(PLAN_STATUSES).optional(),
  targetAt: IsoDateTime.nullable().optional(),
});
export type PlanUpdate = z.input<typeof PlanUpdate>;

export const ActionCreate = z.strictObject({
  title: Text(PLAN_LIMITS.title).min(1, 'title is required'),
  description: Text(PLAN_LIMITS.description).nullable().optional(),
  assigneeId: z.uuid().nullable().optional(),
  dueAt: IsoDateTime.nullable().optional(),
  required: z.boolean().default(true),
});
export type ActionCreate = z.input<typeof ActionCreate>;
export type ActionCreateData = z.output<typeof ActionCreate>;

export const ActionUpdate = z.strictObject({
  /** The action's `updatedAt` as last read (409 when it changed since). */
  updatedAt: IsoDateTime,
  title: Text(PLAN_LIMITS.title).min(1).optional(),
  description: Text(PLAN_LIMITS.description).nullable().optional(),
  assigneeId: z.uuid().nullable().optional(),
  dueAt: IsoDateTime.nullable().optional(),
  required: z.boolean().optional(),
  status: z.enum(ACTION_STATUSES).optional(),
  blockedReason: Text(PLAN_LIMITS.reason).nullable().optional(),
  notes: Text(PLAN_LIMITS.notes).nullable().optional(),
});
export type ActionUpdate = z.input<typeof ActionUpdate>;

export const PlanParams = z.object({ id: z.uuid({ message: 'id must be a UUID' }) });
export const ActionParams = z.object({
  id: z.uuid({ message: 'id must be a UUID' }),
  actionId: z.uuid({ message: 'actionId must be a UUID' }),
});

export const PlanListResponse = z.object({
  message: z.string(),
  data: z.object({ plans: z.array(Plan) }),
});
export type PlanListResponse = z.infer<typeof PlanListResponse>;
export const PlanResponse = z.object({ message: z.string(), data: z.object({ plan: Plan }) });
export type PlanResponse = z.infer<typeof PlanResponse>;
export const PlanTemplateListResponse = z.object({
  message: z.string(),
  data: z.object({ templates: z.array(PlanTemplate) }),
});
export type PlanTemplateListResponse = z.infer<typeof PlanTemplateListResponse>;
export const PlanTemplateResponse = z.object({
  message: z.string(),
  data: z.object({ template: PlanTemplate }),
});
export type PlanTemplateResponse = z.infer<typeof PlanTemplateResponse>;
