import { and, desc, eq, isNotNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { analyses, incidents, memos, users } from '../../db/schema.js';
import { type IncidentRow, incidentScope } from '../incidents/incidents.reads.js';
import { type PersonRow } from '../plans/plans.reads.js';

export type AnalysisRow = typeof analyses.$inferSelect;
export type NewAnalysis = Omit<AnalysisRow, 'id' | 'createdAt'>;
export type MemoRow = Pick<typeof memos.$inferSelect, 'id' | 'body' | 'createdAt' | 'updatedAt'>;

const person = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

/** A left-joined person: absent when the row names nobody (or the user was removed). */
const personOrNull = (row: { id: string | null } & Omit<PersonRow, 'id'>): PersonRow | null =>
  row.id ? { ...row, id: row.id } : null;

/** Analyses and what the assistant reads beyond other modules' data, always by organization. */
export const analysisRepository = {
  /** The organization's analyses of an incident, newest first. */
  async list(
    db: Executor,
    organizationId: string,
    incidentId: string,
    limit: number,
  ): Promise<{ analysis: AnalysisRow; asker: PersonRow | null }[]> {
    const rows = await db
      .select({ analysis: analyses, asker: person })
      .from(analyses)
      .leftJoin(users, eq(users.id, analyses.askedBy))
      .where(and(eq(analyses.organizationId, organizationId), eq(analyses.incidentId, incidentId)))
      .orderBy(desc(analyses.createdAt), desc(analyses.id))
      .limit(limit);
    return rows.map((row) => ({
      analysis: row.analysis,
      asker: row.asker ? personOrNull(row.asker) : null,
    }));
  },

  async insert(db: Executor, row: NewAnalysis): Promise<AnalysisRow> {
    const [inserted] = await db.insert(analyses).values(row).returning();
    if (!inserted) throw new Error('analysis insert returned nothing');
    return inserted;
  },

  /** The organization's memos on an incident, last changed first. */
  async memos(
    db: Executor,
    organizationId: string,
    incidentId: string,
    limit: number,
  ): Promise<{ memo: MemoRow; author: PersonRow | null }[]> {
    const rows = await db
      .select({
        memo: {
          id: memos.id,
          body: memos.body,
          createdAt: memos.createdAt,
          updatedAt: memos.updatedAt,
        },
        author: person,
      })
      .from(memos)
      .leftJoin(users, eq(users.id, memos.authorId))
      .where(and(eq(memos.organizationId, organizationId), eq(memos.incidentId, incidentId)))
      .orderBy(desc(memos.updatedAt), desc(memos.id))
      .limit(limit);
    return rows.map((row) => ({
      memo: row.memo,
      author: row.author ? personOrNull(row.author) : null,
    }));
  },

  /** Resolved incidents of the same type the organization sees (its own and global ones), latest first. */
  comparableCandidates(
    db: Executor,
    organizationId: string,
    incident: Pick<IncidentRow, 'id' | 'type'>,
    limit: number,
  ): Promise<IncidentRow[]> {
    return db
      .select()
      .from(incidents)
      .where(
        and(
          incidentScope(organizationId, 'GLOBAL'),
          eq(incidents.type, incident.type),
          eq(incidents.status, 'RESOLVED'),
          isNotNull(incidents.resolvedAt),
          ne(incidents.id, incident.id),
        ),
      )
      .orderBy(desc(incidents.resolvedAt), desc(incidents.id))
      .limit(limit);
  },
};
