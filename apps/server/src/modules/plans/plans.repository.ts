import type { AdminRole, PlanStatus } from '@meridian/contracts';
import { and, asc, desc, eq, exists, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { incidents, planActions, planTemplates, plans, users } from '../../db/schema.js';

export type PlanRow = typeof plans.$inferSelect;
export type ActionRow = typeof planActions.$inferSelect;
export type TemplateRow = typeof planTemplates.$inferSelect;
export type NewAction = Omit<
  typeof planActions.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'overdueAlertedAt'
>;
export type PersonRow = { id: string; firstName: string; lastName: string; email: string };

/** Plans, their actions and templates, always scoped by organization. */
export const plansRepository = {
  /**
   * Per incident, how its response stands: its latest plan that is not cancelled, with how many
   * of its actions are done.
   */
  async statesOf(
    db: Executor,
    organizationId: string,
    incidentIds: readonly string[],
  ): Promise<Map<string, { name: string; status: PlanStatus; done: number; total: number }>> {
    if (incidentIds.length === 0) return new Map();
    const rows = rowsOf<{
      incident_id: string;
      name: string;
      status: PlanStatus;
      done: number;
      total: number;
    }>(
      await db.execute(sql`select distinct on (plan.incident_id) plan.incident_id, plan.name, plan.status,
          (select count(*) from ${planActions} action where action.plan_id = plan.id and action.status = 'DONE')::int as done,
          (select count(*) from ${planActions} action where action.plan_id = plan.id)::int as total
        from ${plans} plan
        where plan.organization_id = ${organizationId} and plan.status <> 'CANCELLED'
          and plan.incident_id in (${sql.join(
            incidentIds.map((id) => sql`${id}`),
            sql`, `,
          )})
        order by plan.incident_id, plan.created_at desc`),
    );
    return new Map(
      rows.map(({ incident_id, ...state }) => [
        incident_id,
        { ...state, done: Number(state.done), total: Number(state.total) },
      ]),
    );
  },

  async list(
    db: Executor,
    organizationId: string,
    filters: { incidentId?: string; status?: PlanRow['status']; assigneeId?: string },
  ): Promise<(PlanRow & { incidentTitle: string })[]> {
    const rows = await db
      .select({ plan: plans, incidentTitle: incidents.title })
      .from(plans)
      .innerJoin(incidents, eq(incidents.id, plans.incidentId))
      .where(
        and(
          eq(plans.organizationId, organizationId),
          filters.incidentId ? eq(plans.incidentId, filters.incidentId) : undefined,
          filters.status ? eq(plans.status, filters.status) : undefined,
          filters.assigneeId
            ? exists(
                db
                  .select({ one: sql`1` })
                  .from(planActions)
                  .where(
                    and(
                      eq(planActions.planId, plans.id),
                      eq(planActions.assigneeId, filters.assigneeId),
                    ),
                  ),
              )
            : undefined,
        ),
      )
      .orderBy(desc(plans.createdAt), desc(plans.id))
      .limit(500);
    return rows.map((row) => ({ ...row.plan, incidentTitle: row.incidentTitle }));
  },

  async find(
    db: Executor,
    organizationId: string,
    id: string,
    lock = false,
  ): Promise<(PlanRow & { incidentTitle: string }) | undefined> {
    const query = db
      .select({ plan: plans, incidentTitle: incidents.title })
      .from(plans)
      .innerJoin(incidents, eq(incidents.id, plans.incidentId))
      .where(and(eq(plans.organizationId, organizationId), eq(plans.id, id)));
    const [row] = lock ? await query.for('update', { of: plans }) : await query;
    return row ? { ...row.plan, incidentTitle: row.incidentTitle } : undefined;
  },

  async insert(
    db: Executor,
    row: Omit<typeof plans.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
  ): Promise<PlanRow> {
    const [inserted] = await db.insert(plans).values(row).returning();
    if (!inserted) throw new Error('plan insert returned nothing');
    return inserted;
  },

  async update(db: Executor, id: string, changes: Partial<PlanRow>): Promise<PlanRow> {
    const [row] = await db
      .update(plans)
      .set({ ...changes, updatedAt: sql`clock_timestamp()` })
      .where(eq(plans.id, id))
      .returning();
    if (!row) throw new Error('plan update returned nothing');
    return row;
  },

  /** Marks the plan changed (an action of it changed). */
  async touch(db: Executor, id: string): Promise<void> {
    await db
      .update(plans)
      .set({ updatedAt: sql`clock_timestamp()` })
      .where(eq(plans.id, id));
  },

  async actionsOf(db: Executor, planIds: readonly string[]): Promise<ActionRow[]> {
    if (planIds.length === 0) return [];
    return db
      .select()
      .from(planActions)
      .where(inArray(planActions.planId, [...planIds]))
      .orderBy(asc(planActions.position), asc(planActions.createdAt));
  },

  async findAction(db: Executor, planId: string, id: string): Promise<ActionRow | undefined> {
    const [row] = await db
      .select()
      .from(planActions)
      .where(and(eq(planActions.planId, planId), eq(planActions.id, id)))
      .for('update');
    return row;
  },

  async insertActions(db: Executor, rows: readonly NewAction[]): Promise<ActionRow[]> {
    if (rows.length === 0) return [];
    return db
      .insert(planActions)
      .values([...rows])
      .returning();
  },

  async updateAction(db: Executor, id: string, changes: Partial<ActionRow>): Promise<ActionRow> {
    const [row] = await db
      .update(planActions)
      .set({ ...changes, updatedAt: sql`clock_timestamp()` })
      .where(eq(planActions.id, id))
      .returning();
    if (!row) throw new Error('action update returned nothing');
    return row;
  },

  async nextPosition(db: Executor, planId: string): Promise<number> {
    const [row] = await db
      .select({ value: sql<number>`coalesce(max(${planActions.position}), -1) + 1` })
      .from(planActions)
      .where(eq(planActions.planId, planId));
    return Number(row?.value ?? 0);
  },

  async people(db: Executor, ids: readonly string[]): Promise<PersonRow[]> {
    if (ids.length === 0) return [];
    return db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(users)
      .where(inArray(users.id, [...new Set(ids)]));
  },

  /** The first active member with a role (oldest first): a template's default owner. */
  async firstWithRole(db: Executor, organizationId: string, role: AdminRole) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.organizationId, organizationId),
          eq(users.accountStatus, 'ACTIVE'),
          eq(users.adminRole, role),
        ),
      )
      .orderBy(asc(users.createdAt))
      .limit(1);
    return row?.id ?? null;
  },

  /** Due and not done, not yet alerted for this due time: claimed (SKIP LOCKED) and marked. */
  async claimOverdue(db: Executor, now: Date, limit: number) {
    const due = await db
      .select({ action: planActions, planName: plans.name, incidentId: plans.incidentId })
      .from(planActions)
      .innerJoin(plans, eq(plans.id, planActions.planId))
      .where(
        and(
          ne(planActions.status, 'DONE'),
          isNull(planActions.overdueAlertedAt),
          lt(planActions.dueAt, now),
          eq(plans.status, 'ACTIVE'),
        ),
      )
      .orderBy(asc(planActions.dueAt))
      .limit(limit)
      .for('update', { of: planActions, skipLocked: true });
    if (due.length > 0) {
      await db
        .update(planActions)
        .set({ overdueAlertedAt: now })
        .where(
          inArray(
            planActions.id,
            due.map((row) => row.action.id),
          ),
        );
    }
    return due;
  },

  templates: {
    async list(db: Executor, organizationId: string): Promise<TemplateRow[]> {
      return db
        .select()
        .from(planTemplates)
        .where(
          and(eq(planTemplates.organizationId, organizationId), isNull(planTemplates.deletedAt)),
        )
        .orderBy(asc(planTemplates.createdAt), asc(planTemplates.name));
    },

    /** Whether the organization ever had templates (removed ones count: starters come once). */
    async everHad(db: Executor, organizationId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: planTemplates.id })
        .from(planTemplates)
        .where(eq(planTemplates.organizationId, organizationId))
        .limit(1);
      return row !== undefined;
    },

    async find(db: Executor, organizationId: string, id: string): Promise<TemplateRow | undefined> {
      const [row] = await db
        .select()
        .from(planTemplates)
        .where(
          and(
            eq(planTemplates.organizationId, organizationId),
            eq(planTemplates.id, id),
            isNull(planTemplates.deletedAt),
          ),
        );
      return row;
    },

    async insert(
      db: Executor,
      rows: readonly Omit<typeof planTemplates.$inferInsert, 'id' | 'updatedAt'>[],
    ): Promise<TemplateRow[]> {
      if (rows.length === 0) return [];
      return db
        .insert(planTemplates)
        .values([...rows])
        .returning();
    },

    async update(db: Executor, id: string, changes: Partial<TemplateRow>): Promise<TemplateRow> {
      const [row] = await db
        .update(planTemplates)
        .set({ ...changes, updatedAt: sql`clock_timestamp()` })
        .where(eq(planTemplates.id, id))
        .returning();
      if (!row) throw new Error('template update returned nothing');
      return row;
    },
  },
};
