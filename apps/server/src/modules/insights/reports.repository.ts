import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { reports } from '../../db/schema.js';

export type ReportRow = typeof reports.$inferSelect;
/** A report without its bytes, as lists show it. */
export type ReportListRow = Omit<ReportRow, 'pdf'>;

const listColumns = {
  id: reports.id,
  organizationId: reports.organizationId,
  incidentId: reports.incidentId,
  title: reports.title,
  bytes: reports.bytes,
  pages: reports.pages,
  createdBy: reports.createdBy,
  createdAt: reports.createdAt,
};

/** Stored PDF reports, always scoped by organization. */
export const reportsRepository = {
  /** An incident's reports, newest first, without their bytes. */
  listOf(db: Executor, organizationId: string, incidentId: string): Promise<ReportListRow[]> {
    return db
      .select(listColumns)
      .from(reports)
      .where(and(eq(reports.organizationId, organizationId), eq(reports.incidentId, incidentId)))
      .orderBy(desc(reports.createdAt), desc(reports.id));
  },

  async findPdf(
    db: Executor,
    organizationId: string,
    id: string,
  ): Promise<Pick<ReportRow, 'title' | 'pdf'> | undefined> {
    const [row] = await db
      .select({ title: reports.title, pdf: reports.pdf })
      .from(reports)
      .where(and(eq(reports.organizationId, organizationId), eq(reports.id, id)));
    return row;
  },

  async insert(
    db: Executor,
    row: Omit<typeof reports.$inferInsert, 'id' | 'createdAt'>,
  ): Promise<ReportListRow> {
    const [inserted] = await db.insert(reports).values(row).returning(listColumns);
    if (!inserted) throw new Error('report insert returned nothing');
    return inserted;
  },
};
