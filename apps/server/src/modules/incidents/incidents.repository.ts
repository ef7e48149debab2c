import { type SQL, and, asc, eq, gt, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  type IncidentListQuery,
  type PriorityFilter,
  type Scope,
  priorityRank as priorityRankOf,
} from '@meridian/contracts';
import type { Executor } from '../../db/client.js';
import { jsonObject, jsonTimestamp, jsonValue, listSnapshot } from '../../db/json-sql.js';
import { containsText } from '../../db/text-search.js';
import type { CursorKey } from '../../lib/cursor.js';
import { Keyset } from '../../db/keyset-page.js';
import { exposures, incidentEvents, incidentImpacts, incidents, users } from '../../db/schema.js';

export type IncidentRow = typeof incidents.$inferSelect;
export type NewIncident = typeof incidents.$inferInsert;
export type IncidentEventRow = typeof incidentEvents.$inferSelect;
export type NewIncidentEvent = typeof incidentEvents.$inferInsert;

/** ORG: the organization's own incidents. GLOBAL: those plus global ones (no organization), never another's. */
export const incidentScope = (organizationId: string, scope: Scope) =>
  scope === 'ORG'
    ? eq(incidents.organizationId, organizationId)
    : or(eq(incidents.organizationId, organizationId), isNull(incidents.organizationId));

/** Highest first under `sort=severity`. */
const severityRank = sql<number>`(case ${incidents.severity} when 'CRITICAL' then 4 when 'HIGH' then 3 when 'MEDIUM' then 2 else 1 end)`;

/**
 * Highest priority for the organization first, then most severe, then newest, in two parts
 * read apart: the incidents it ranks (4 for P1 … 1 for P4), from its kept impacts joined to
 * them; then every other incident (rank 0), in the order an index on (organization, severity
 * rank, updated at, id) gives without a sort. A cursor holds the rank, so either part resumes.
 */
const rankedOrder = new Keyset(
  [
    { value: incidentImpacts.priorityRank, kind: 'integer' },
    { value: severityRank, kind: 'integer' },
    { value: incidents.updatedAt, kind: 'timestamp' },
    { value: incidents.id, kind: 'uuid' },
  ],
  'desc',
);
const unrankedOrder = new Keyset(
  [
    { value: sql<number>`0::int`, kind: 'integer' },
    { value: severityRank, kind: 'integer' },
    { value: incidents.updatedAt, kind: 'timestamp' },
    { value: incidents.id, kind: 'uuid' },
  ],
  'desc',
);
const rankedBy = (organizationId: string) => ({
  table: incidentImpacts,
  on: and(
    eq(incidentImpacts.incidentId, incidents.id),
    eq(incidentImpacts.organizationId, organizationId),
    gt(incidentImpacts.priorityRank, 0),
  ) as SQL,
  inner: true,
});
/** Incidents whose kept impact for the organization meets `condition` (a semi-join). */
const impactWhere = (organizationId: string, condition: SQL) =>
  sql`${incidents.id} in (select ${incidentImpacts.incidentId} from ${incidentImpacts}
    where ${incidentImpacts.organizationId} = ${organizationId} and ${condition})`;
/** Incidents the organization ranks (P1–P4). */
const isRanked = (organizationId: string) =>
  impactWhere(organizationId, sql`${incidentImpacts.priorityRank} > 0`);

/** The orders of the Events list, newest first; the id makes each position unique. */
const incidentOrders = {
  updatedAt: new Keyset(
    [
      { value: incidents.updatedAt, kind: 'timestamp' },
      { value: incidents.id, kind: 'uuid' },
    ],
    'desc',
  ),
  severity: new Keyset(
    [
      { value: severityRank, kind: 'integer' },
      { value: incidents.updatedAt, kind: 'timestamp' },
      { value: incidents.id, kind: 'uuid' },
    ],
    'desc',
  ),
} as const;

const incidentJson = jsonObject({
  id: jsonValue(incidents.id),
  organizationId: jsonValue(incidents.organizationId),
  title: jsonValue(incidents.title),
  description: jsonValue(incidents.description),
  severity: jsonValue(incidents.severity),
  status: jsonValue(incidents.status),
  location: sql`case when ${incidents.lat} is not null and ${incidents.lng} is not null then ${jsonObject(
    {
      lat: jsonValue(incidents.lat),
      lng: jsonValue(incidents.lng),
      countryCode: jsonValue(incidents.countryCode),
    },
  )} else 'null' end`,
  updatedAt: jsonTimestamp(incidents.updatedAt),
  type: jsonValue(incidents.type),
  source: jsonValue(incidents.source),
  startsAt: jsonTimestamp(incidents.startsAt),
  endsAt: jsonTimestamp(incidents.endsAt),
  affectedRadiusKm: jsonValue(incidents.affectedRadiusKm),
  assigneeId: jsonValue(incidents.assigneeId),
  resolvedAt: jsonTimestamp(incidents.resolvedAt),
  createdAt: jsonTimestamp(incidents.createdAt),
  unverified: jsonValue(incidents.unverified),
});

export type IncidentFilters = Pick<
  IncidentListQuery,
  'severity' | 'status' | 'type' | 'q' | 'from' | 'to' | 'updatedSince' | 'exposed' | 'priority'
>;

/**
 * Of these priorities for the organization; NONE: reaching nothing of it now. A semi-join on
 * the organization's impacts (their rank is indexed), not a lookup per incident.
 */
const priorityIn = (wanted: readonly PriorityFilter[], organizationId: string): SQL => {
  const ranks = wanted.flatMap((value) => (value === 'NONE' ? [] : [priorityRankOf(value)]));
  const conditions = [
    ranks.length > 0
      ? impactWhere(
          organizationId,
          sql`${incidentImpacts.priorityRank} in (${sql.join(
            ranks.map((rank) => sql`${rank}`),
            sql`, `,
          )})`,
        )
      : undefined,
    wanted.includes('NONE') ? sql`not ${isRanked(organizationId)}` : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  return conditions.length === 1 ? (conditions[0] as SQL) : (or(...conditions) as SQL);
};

const filterConditions = (filters: IncidentFilters, organizationId: string): SQL[] => {
  const conditions: (SQL | undefined)[] = [
    filters.priority?.length ? priorityIn(filters.priority, organizationId) : undefined,
    filters.exposed
      ? sql`exists (select 1 from ${exposures} where ${exposures.incidentId} = ${incidents.id} and ${exposures.organizationId} = ${organizationId} and ${exposures.state} <> 'CLEARED')`
      : undefined,
    filters.severity?.length ? inArray(incidents.severity, filters.severity) : undefined,
    filters.status?.length ? inArray(incidents.status, filters.status) : undefined,
    filters.type?.length ? inArray(incidents.type, filters.type) : undefined,
    filters.q ? containsText(filters.q, [incidents.title, incidents.description]) : undefined,
    filters.from ? gte(incidents.updatedAt, new Date(filters.from)) : undefined,
    filters.to ? lte(incidents.updatedAt, new Date(filters.to)) : undefined,
    filters.updatedSince ? gt(incidents.updatedAt, new Date(filters.updatedSince)) : undefined,
  ];
  return conditions.filter((condition): condition is SQL => condition !== undefined);
};

export const incidentsRepository = {
  /** Changes whenever a listed incident is added, removed or updated (updatedAt moves). */
  async version(db: Executor, organizationId: string, scope: Scope): Promise<string> {
    const [row] = await db
      .select({ version: listSnapshot(incidents.updatedAt, incidentJson).version })
      .from(incidents)
      .where(incidentScope(organizationId, scope));
    return row?.version ?? '';
  },

  /** The whole list as JSON, newest first, as toIncidentDto would give it. */
  async listJson(db: Executor, organizationId: string, scope: Scope) {
    const [row] = await db
      .select(
        listSnapshot(
          incidents.updatedAt,
          incidentJson,
          sql`${incidents.updatedAt} desc, ${incidents.id} desc`,
        ),
      )
      .from(incidents)
      .where(incidentScope(organizationId, scope));
    return row ?? { version: '', json: '{"data":[]}' };
  },

  /** One page in the sort's order, after `after` when given, each row with its position. */
  async listPage(
    db: Executor,
    options: {
      organizationId: string;
      scope: Scope;
      filters: IncidentFilters;
      sort: IncidentListQuery['sort'];
      limit: number;
      after: CursorKey | null;
    },
  ) {
    const { organizationId, scope, filters, sort, limit, after } = options;
    const conditions = [
      incidentScope(organizationId, scope),
      ...filterConditions(filters, organizationId),
    ];
    if (sort !== 'priority')
      return incidentOrders[sort].rows(db, incidents, conditions, after, limit);
    // After a rank-0 row, no ranked incident is left to show.
    const ranked =
      after && after[0] === '0'
        ? []
        : await rankedOrder.rows(db, incidents, conditions, after, limit, rankedBy(organizationId));
    const unranked =
      ranked.length < limit
        ? await unrankedOrder.rows(
            db,
            incidents,
            [...conditions, sql`not ${isRanked(organizationId)}`],
            after,
            limit - ranked.length,
          )
        : [];
    return [...ranked, ...unranked];
  },

  async findVisible(
    db: Executor,
    organizationId: string,
    id: string,
    lock = false,
  ): Promise<IncidentRow | undefined> {
    const query = db
      .select()
      .from(incidents)
      .where(and(eq(incidents.id, id), incidentScope(organizationId, 'GLOBAL')));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  /** Which of the given incidents belong to the organization itself (not global ones). */
  async idsOf(db: Executor, organizationId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: incidents.id })
      .from(incidents)
      .where(and(eq(incidents.organizationId, organizationId), inArray(incidents.id, ids)));
    return rows.map((row) => row.id);
  },

  async insert(db: Executor, values: NewIncident): Promise<IncidentRow> {
    const [row] = await db.insert(incidents).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(db: Executor, id: string, values: Partial<NewIncident>): Promise<IncidentRow> {
    const [row] = await db
      .update(incidents)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(incidents.id, id))
      .returning();
    if (!row) throw new Error('update returned no row');
    return row;
  },

  async delete(db: Executor, id: string): Promise<void> {
    await db.delete(incidents).where(eq(incidents.id, id));
  },

  async insertEvent(db: Executor, values: NewIncidentEvent): Promise<IncidentEventRow> {
    const [row] = await db.insert(incidentEvents).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  /** The timeline as one organization sees it: shared entries and its own, oldest first. */
  listEvents(db: Executor, incidentId: string, organizationId: string) {
    return db
      .select({ event: incidentEvents, actor: personColumns })
      .from(incidentEvents)
      .leftJoin(users, eq(users.id, incidentEvents.actorUserId))
      .where(
        and(
          eq(incidentEvents.incidentId, incidentId),
          or(
            isNull(incidentEvents.organizationId),
            eq(incidentEvents.organizationId, organizationId),
          ),
        ),
      )
      .orderBy(asc(incidentEvents.id));
  },

  async findPerson(db: Executor, id: string) {
    const [row] = await db.select(personColumns).from(users).where(eq(users.id, id));
    return row;
  },

  /** An active member of the organization, who may be assigned its incidents. */
  async findAssignable(db: Executor, organizationId: string, id: string) {
    const [row] = await db
      .select(personColumns)
      .from(users)
      .where(
        and(
          eq(users.id, id),
          eq(users.organizationId, organizationId),
          eq(users.accountStatus, 'ACTIVE'),
        ),
      );
    return row;
  },
};

const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};
