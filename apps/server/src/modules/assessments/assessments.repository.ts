import type { AssessmentState, Criticality } from '@meridian/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { exposures, incidents, siteAssessments, sites, users } from '../../db/schema.js';

export type AssessmentRow = typeof siteAssessments.$inferSelect;
export type AssessmentColumns = Pick<
  AssessmentRow,
  'state' | 'capacityPct' | 'expectedRecoveryOn' | 'notes' | 'setByUserId' | 'reportedBySupplier'
>;

/** An exposed site with how it stands (no assessment row: Potential, set by nobody). */
export type AssessedSite = {
  siteId: string;
  siteName: string;
  criticality: Criticality;
  exposedNow: boolean;
  firstExposedAt: Date;
  assessment: (AssessmentRow & { setByName: string | null }) | null;
};

const ASSESSED_SELECTION = {
  siteId: sites.id,
  siteName: sites.name,
  criticality: sites.criticality,
  exposureState: exposures.state,
  firstExposedAt: exposures.firstExposedAt,
  assessment: siteAssessments,
  setByFirst: users.firstName,
  setByLast: users.lastName,
  setByEmail: users.email,
};

type AssessedRow = {
  siteId: string;
  siteName: string;
  criticality: Criticality;
  exposureState: string;
  firstExposedAt: Date;
  assessment: AssessmentRow | null;
  setByFirst: string | null;
  setByLast: string | null;
  setByEmail: string | null;
};

const toAssessed = (row: AssessedRow): AssessedSite => {
  const name = `${row.setByFirst ?? ''} ${row.setByLast ?? ''}`.trim() || row.setByEmail;
  return {
    siteId: row.siteId,
    siteName: row.siteName,
    criticality: row.criticality,
    exposedNow: row.exposureState !== 'CLEARED',
    firstExposedAt: row.firstExposedAt,
    assessment: row.assessment ? { ...row.assessment, setByName: name ?? null } : null,
  };
};

/** Site assessments, always of one organization and of sites one of its incidents reached. */
export const assessmentsRepository = {
  /**
   * The organization's sites the incident has reached (now or while active), with how each
   * stands; those given by `siteIds` only, when given. Most critical first, then by name.
   */
  async ofIncident(
    db: Executor,
    organizationId: string,
    incidentId: string,
    siteIds?: readonly string[],
  ): Promise<AssessedSite[]> {
    if (siteIds && siteIds.length === 0) return [];
    const rows = await db
      .select(ASSESSED_SELECTION)
      .from(exposures)
      .innerJoin(sites, sql`${sites.id}::text = ${exposures.targetId}`)
      .leftJoin(
        siteAssessments,
        and(
          eq(siteAssessments.incidentId, exposures.incidentId),
          eq(siteAssessments.organizationId, exposures.organizationId),
          eq(siteAssessments.siteId, sites.id),
        ),
      )
      .leftJoin(users, eq(users.id, siteAssessments.setByUserId))
      .where(
        and(
          eq(exposures.incidentId, incidentId),
          eq(exposures.organizationId, organizationId),
          eq(exposures.targetKind, 'SITE'),
          eq(sites.organizationId, organizationId),
          ...(siteIds ? [inArray(exposures.targetId, [...siteIds])] : []),
        ),
      )
      .orderBy(
        sql`case ${sites.criticality} when 'CRITICAL' then 0 when 'HIGH' then 1 when 'MEDIUM' then 2 else 3 end`,
        asc(sites.name),
        asc(sites.id),
      );
    return rows.map(toAssessed);
  },

  /**
   * How one of the organization's sites stood in each incident that reached it and was
   * assessed, newest change first (at most `limit`).
   */
  async historyOfSite(db: Executor, organizationId: string, siteId: string, limit: number) {
    const rows = await db
      .select({
        assessment: siteAssessments,
        incidentTitle: incidents.title,
        incidentStatus: incidents.status,
        setByFirst: users.firstName,
        setByLast: users.lastName,
        setByEmail: users.email,
      })
      .from(siteAssessments)
      .innerJoin(incidents, eq(incidents.id, siteAssessments.incidentId))
      .leftJoin(users, eq(users.id, siteAssessments.setByUserId))
      .where(
        and(eq(siteAssessments.organizationId, organizationId), eq(siteAssessments.siteId, siteId)),
      )
      .orderBy(desc(siteAssessments.updatedAt), asc(siteAssessments.incidentId))
      .limit(limit);
    return rows.map((row) => ({
      ...row.assessment,
      incidentTitle: row.incidentTitle,
      incidentResolved: row.incidentStatus === 'RESOLVED',
      setByName: `${row.setByFirst ?? ''} ${row.setByLast ?? ''}`.trim() || row.setByEmail || null,
    }));
  },

  /** Which of the ids are the organization's sites (a site of another is not found). */
  async siteIdsOf(db: Executor, organizationId: string, ids: readonly string[]) {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.organizationId, organizationId), inArray(sites.id, [...ids])));
    return rows.map((row) => row.id);
  },

  async upsert(
    db: Executor,
    key: { incidentId: string; organizationId: string },
    siteIds: readonly string[],
    columns: AssessmentColumns,
    now: Date,
  ): Promise<void> {
    if (siteIds.length === 0) return;
    await db
      .insert(siteAssessments)
      .values(siteIds.map((siteId) => ({ ...key, siteId, ...columns, updatedAt: now })))
      .onConflictDoUpdate({
        target: [
          siteAssessments.incidentId,
          siteAssessments.organizationId,
          siteAssessments.siteId,
        ],
        set: { ...columns, updatedAt: now },
      });
  },

  /**
   * How each assessed site stands, for value at risk, with a fingerprint that changes whenever
   * one of them does (a recompute that finds it unchanged writes nothing).
   */
  /** The organization's assessments in the incidents given, as (incident, site, state). */
  async statesIn(
    db: Executor,
    organizationId: string,
    incidentIds: readonly string[],
  ): Promise<{ incidentId: string; siteId: string; state: AssessmentState }[]> {
    if (incidentIds.length === 0) return [];
    return db
      .select({
        incidentId: siteAssessments.incidentId,
        siteId: siteAssessments.siteId,
        state: siteAssessments.state,
      })
      .from(siteAssessments)
      .where(
        and(
          eq(siteAssessments.organizationId, organizationId),
          inArray(siteAssessments.incidentId, [...incidentIds]),
        ),
      );
  },

  async statesOf(
    db: Executor,
    incidentId: string,
    organizationId: string,
  ): Promise<{
    bySite: Map<
      string,
      { state: AssessmentState; capacityPct: number | null; expectedRecoveryOn: string | null }
    >;
    version: string;
  }> {
    const rows = await db
      .select()
      .from(siteAssessments)
      .where(
        and(
          eq(siteAssessments.incidentId, incidentId),
          eq(siteAssessments.organizationId, organizationId),
        ),
      )
      .orderBy(asc(siteAssessments.siteId));
    return {
      bySite: new Map(rows.map((row) => [row.siteId, row])),
      version: rows
        .map((row) => `${row.siteId}:${row.state}:${row.updatedAt.toISOString()}`)
        .join(','),
    };
  },
};
