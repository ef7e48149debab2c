import type { Hazard } from '@meridian/contracts';
import { and, asc, between, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { chunks } from '../../db/chunks.js';
import type { Executor } from '../../db/client.js';
import { feedReports, incidents } from '../../db/schema.js';
import type { IncidentRow } from '../incidents/incidents.reads.js';

export type ReportRow = typeof feedReports.$inferSelect;
export type NewReport = typeof feedReports.$inferInsert;
export type ReportedIncident = { report: ReportRow; incident: IncidentRow };
export type OtherReport = Pick<ReportRow, 'id' | 'incidentId' | 'severity' | 'over'>;

/** Each feed's report of an incident (see `feedReports`). */
export const feedReportsRepository = {
  /** The reports a source made of these events, with their incidents. */
  async findBySourceIds(
    db: Executor,
    source: string,
    sourceIds: string[],
  ): Promise<ReportedIncident[]> {
    const found: ReportedIncident[] = [];
    for (const part of chunks(sourceIds)) {
      found.push(
        ...(await db
          .select({ report: feedReports, incident: incidents })
          .from(feedReports)
          .innerJoin(incidents, eq(incidents.id, feedReports.incidentId))
          .where(and(eq(feedReports.source, source), inArray(feedReports.sourceId, part)))),
      );
    }
    return found;
  },

  /** Every report of these incidents, first seen first. */
  async ofIncidents(db: Executor, incidentIds: string[]): Promise<ReportRow[]> {
    const found: ReportRow[] = [];
    for (const part of chunks(incidentIds)) {
      found.push(
        ...(await db
          .select()
          .from(feedReports)
          .where(inArray(feedReports.incidentId, part))
          .orderBy(asc(feedReports.firstSeenAt), asc(feedReports.id))),
      );
    }
    return found;
  },

  /** Other feeds' reports of these incidents: what a poll weighs against its own. */
  async othersOf(db: Executor, source: string, incidentIds: string[]): Promise<OtherReport[]> {
    const found: OtherReport[] = [];
    for (const part of chunks(incidentIds)) {
      found.push(
        ...(await db
          .select({
            id: feedReports.id,
            incidentId: feedReports.incidentId,
            severity: feedReports.severity,
            over: feedReports.over,
          })
          .from(feedReports)
          .where(and(inArray(feedReports.incidentId, part), ne(feedReports.source, source)))),
      );
    }
    return found;
  },

  /**
   * The source's reports still live on open incidents of one organization (null: global); with
   * `endedBefore`, only those whose end (the feed's) has passed it.
   */
  openOf(
    db: Executor,
    source: string,
    organizationId: string | null,
    endedBefore: Date | null,
  ): Promise<ReportedIncident[]> {
    return db
      .select({ report: feedReports, incident: incidents })
      .from(feedReports)
      .innerJoin(incidents, eq(incidents.id, feedReports.incidentId))
      .where(
        and(
          eq(feedReports.source, source),
          eq(feedReports.over, false),
          organizationId
            ? eq(incidents.organizationId, organizationId)
            : isNull(incidents.organizationId),
          ne(incidents.status, 'RESOLVED'),
          endedBefore ? lt(feedReports.endsAt, endedBefore) : undefined,
        ),
      );
  },

  /**
   * Open global incidents that new events of `source` may be (FUSION_DEFAULTS): with a report
   * of one of the hazards, starting between `from` and `to`, not yet reported by this source;
   * each with the hazard its reports name (an incident twice if they name two).
   */
  async candidates(
    db: Executor,
    query: { source: string; hazards: Hazard[]; from: Date; to: Date },
  ): Promise<{ incident: IncidentRow; hazard: Hazard }[]> {
    const rows = await db
      .select({ incident: incidents, hazard: feedReports.hazard })
      .from(incidents)
      .innerJoin(feedReports, eq(feedReports.incidentId, incidents.id))
      .where(
        and(
          isNull(incidents.organizationId),
          ne(incidents.status, 'RESOLVED'),
          between(incidents.startsAt, query.from, query.to),
          inArray(feedReports.hazard, query.hazards),
          sql`not exists (select 1 from ${feedReports} mine where mine.incident_id = ${incidents.id} and mine.source = ${query.source})`,
        ),
      )
      // One row per incident and hazard (the incident's other columns follow from its key).
      .groupBy(incidents.id, feedReports.hazard);
    return rows.flatMap((row) =>
      row.hazard ? [{ incident: row.incident, hazard: row.hazard }] : [],
    );
  },

  async insertMany(db: Executor, rows: NewReport[]): Promise<void> {
    for (const part of chunks(rows, 500)) {
      if (part.length > 0) await db.insert(feedReports).values(part);
    }
  },

  async update(db: Executor, id: string, values: Partial<NewReport>): Promise<void> {
    await db.update(feedReports).set(values).where(eq(feedReports.id, id));
  },

  /** One report of a visible incident (the caller checked the incident). */
  async find(db: Executor, incidentId: string, reportId: string): Promise<ReportRow | undefined> {
    const [row] = await db
      .select()
      .from(feedReports)
      .where(and(eq(feedReports.id, reportId), eq(feedReports.incidentId, incidentId)))
      .for('update');
    return row;
  },

  /** Incidents that still have a live report (the others are over in every feed). */
  async withLiveReports(db: Executor, incidentIds: string[]): Promise<Set<string>> {
    const live = new Set<string>();
    for (const part of chunks(incidentIds)) {
      const rows = await db
        .select({ incidentId: feedReports.incidentId })
        .from(feedReports)
        .where(and(inArray(feedReports.incidentId, part), eq(feedReports.over, false)))
        .groupBy(feedReports.incidentId);
      for (const row of rows) live.add(row.incidentId);
    }
    return live;
  },
};
