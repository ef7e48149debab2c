import { type Report, type ReportInput } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { Database } from '../../db/client.js';
import { type Actor, requireAccess } from '../../lib/access.js';
import { notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { ExposureService } from '../exposure/exposure.service.js';
import { toTimelineEntry } from '../incidents/incidents.mapper.js';
import { incidentsReads } from '../incidents/incidents.reads.js';
import { plansReads } from '../plans/plans.reads.js';
import { PlansService } from '../plans/plans.service.js';
import { PDF_TYPE, type Download, slugOf } from './downloads.js';
import { toReportDto } from './insights.mapper.js';
import { MemosService } from './memos.service.js';
import { type ReportContent, renderReport } from './report-pdf.js';
import { type ReportListRow, reportsRepository as repository } from './reports.repository.js';
import { visibleIncident } from './visibility.js';

/**
 * PDF reports of an incident, as the organization sees it when one is made: its summary, a
 * map of the affected area, the timeline, the exposure, the plans and the memos. Made by
 * MANAGERs and ADMINs, kept as made, read by everyone in the organization.
 */
export class ReportsService {
  private readonly plans: PlansService;
  private readonly memos: MemosService;
  private readonly exposure: ExposureService;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.plans = new PlansService(db, null);
    this.memos = new MemosService(db);
    this.exposure = new ExposureService(db);
  }

  async list(actor: Actor, incidentId: string): Promise<Report[]> {
    await visibleIncident(this.db, actor, incidentId);
    return this.toDtos(await repository.listOf(this.db, actor.organizationId, incidentId));
  }

  async create(actor: Actor, incidentId: string, input: ReportInput): Promise<Report> {
    const incident = await visibleIncident(this.db, actor, incidentId);
    requireAccess(actor, 'organization.editData', API_MESSAGES.insights.reportEditorsOnly);
    const { user } = actor;
    const events = await incidentsReads.listEvents(this.db, incidentId, actor.organizationId);
    const content: ReportContent = {
      title: input.title ?? incident.title,
      generatedAt: this.now(),
      generatedBy: `${`${user.firstName} ${user.lastName}`.trim() || user.email} (${user.email})`,
      incident,
      timeline: events.map(({ event, actor: person }) =>
        toTimelineEntry(event, person?.id ? { ...person, id: person.id } : null),
      ),
      exposure: await this.exposure.ofIncident(actor, incidentId, true),
      plans: await this.plans.list(actor, { incidentId }),
      memos: await this.memos.list(actor, incidentId),
    };
    const { pdf, pages } = await renderReport(content);
    const row = await this.db.transaction(async (tx) => {
      const inserted = await repository.insert(tx, {
        organizationId: actor.organizationId,
        incidentId,
        title: content.title,
        pdf,
        bytes: pdf.length,
        pages,
        createdBy: user.id,
      });
      await recordAudit(tx, actor, {
        action: 'report.create',
        targetType: 'report',
        targetId: inserted.id,
        after: { incidentId, title: inserted.title, bytes: inserted.bytes, pages },
      });
      return inserted;
    });
    const [dto] = await this.toDtos([row]);
    if (!dto) throw new Error('report vanished');
    return dto;
  }

  async pdf(actor: Actor, id: string): Promise<Download> {
    const row = await repository.findPdf(this.db, actor.organizationId, id);
    if (!row) throw notFound(API_MESSAGES.insights.reportNotFound);
    return {
      filename: `${slugOf(row.title, 'report')}.pdf`,
      contentType: PDF_TYPE,
      body: Buffer.from(row.pdf.buffer, row.pdf.byteOffset, row.pdf.byteLength),
    };
  }

  private async toDtos(rows: readonly ReportListRow[]): Promise<Report[]> {
    const people = await plansReads.people(
      this.db,
      rows.flatMap((row) => (row.createdBy ? [row.createdBy] : [])),
    );
    const byId = new Map(people.map((person) => [person.id, person]));
    return rows.map((row) => toReportDto(row, byId));
  }
}
