import { type FeedReport } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { Database } from '../../db/client.js';
import { type Actor, requireAccess } from '../../lib/access.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { BackgroundWork } from '../../jobs/background.js';
import { recordAudit } from '../audit/audit.service.js';
import { EXPOSURE_JOBS } from '../exposure/exposure.jobs.js';
import { TRACKED } from '../incidents/incident-changes.js';
import { type IncidentRow, incidentsReads } from '../incidents/incidents.reads.js';
import { feedIncidents } from './feed-incidents.repository.js';
import { type ReportRow, feedReportsRepository as reports } from './feed-reports.repository.js';
import { highestLive } from './fusion.js';

/** The report that made the incident: its source and id are the incident's own. */
const isFirst = (report: ReportRow, incident: IncidentRow) =>
  report.source === incident.source && report.sourceId === incident.sourceId;

const toFeedReportDto = (report: ReportRow, incident: IncidentRow): FeedReport => ({
  id: report.id,
  source: report.source,
  sourceName: report.sourceName,
  sourceUrl: report.sourceUrl,
  hazard: report.hazard,
  severity: report.severity,
  primary: isFirst(report, incident),
  over: report.over,
  firstSeenAt: report.firstSeenAt.toISOString(),
  lastSeenAt: report.lastSeenAt.toISOString(),
});

/** Which feeds reported an incident, and undoing a wrong fusion (platform staff). */
export class FeedReportsService {
  constructor(
    private readonly db: Database,
    private readonly background: BackgroundWork,
  ) {}

  /** The feeds that reported a visible incident, first first. */
  async list(actor: Actor, incidentId: string): Promise<FeedReport[]> {
    const incident = await incidentsReads.findVisible(this.db, actor.organizationId, incidentId);
    if (!incident) throw notFound(API_MESSAGES.incident.notFound);
    const rows = await reports.ofIncidents(this.db, [incidentId]);
    return rows.map((row) => toFeedReportDto(row, incident));
  }

  /**
   * Makes a report that joined an incident wrongly an incident of its own, from the event as
   * its feed gave it: the feed's later documents update that incident, and the one it leaves
   * takes the highest severity of its remaining reports. Audited; both are matched again.
   */
  async split(actor: Actor, incidentId: string, reportId: string): Promise<string> {
    const now = new Date();
    const created = await this.db.transaction(async (tx) => {
      const incident = await incidentsReads.findVisible(tx, actor.organizationId, incidentId, true);
      if (!incident) throw notFound(API_MESSAGES.incident.notFound);
      requireAccess(actor, 'platform.administer', API_MESSAGES.feedReport.platformOnly);
      const report = await reports.find(tx, incidentId, reportId);
      if (!report) throw notFound(API_MESSAGES.feedReport.notFound);
      const event = report.reported;
      if (isFirst(report, incident) || !event) throw conflict(API_MESSAGES.feedReport.primary);
      const [row] = await feedIncidents.insertMany(tx, [
        {
          organizationId: incident.organizationId,
          source: report.source,
          sourceId: report.sourceId,
          sourceUrl: report.sourceUrl,
          status: report.over ? 'RESOLVED' : 'OPEN',
          resolvedAt: report.over ? now : null,
          title: event.title,
          description: event.description,
          severity: report.severity,
          type: event.type,
          lat: event.lat,
          lng: event.lng,
          countryCode: event.countryCode,
          area: event.area,
          affectedRadiusKm: event.affectedRadiusKm,
          startsAt: new Date(event.startsAt),
          endsAt: event.endsAt ? new Date(event.endsAt) : null,
        },
      ]);
      if (!row) throw conflict(API_MESSAGES.feedReport.primary);
      await reports.update(tx, report.id, { incidentId: row.id });

      const remaining = await reports.ofIncidents(tx, [incidentId]);
      const severity = highestLive(remaining);
      const edited = (await feedIncidents.fieldsEditedByPeople(tx, [incidentId])).get(incidentId);
      const lowered = severity !== null && severity !== incident.severity;
      if (lowered && !edited?.has('severity')) {
        await feedIncidents.update(tx, incidentId, { severity });
      }
      const person = { actorUserId: actor.user.id, organizationId: null, source: null };
      await feedIncidents.insertEvents(tx, [
        {
          ...person,
          incidentId,
          kind: 'COMMENT',
          changes: [],
          body: `${report.sourceName}'s report was split into an incident of its own: "${event.title}"`,
        },
        ...(lowered && !edited?.has('severity')
          ? [
              {
                actorUserId: null,
                organizationId: null,
                source: 'Meridian',
                incidentId,
                kind: 'UPDATED' as const,
                changes: [{ field: 'severity', from: incident.severity, to: severity }],
                body: 'The highest severity of the reports left',
              },
            ]
          : []),
        {
          ...person,
          incidentId: row.id,
          kind: 'CREATED',
          changes: [
            { field: 'status', from: null, to: row.status },
            ...Object.entries(TRACKED)
              .map(([field, read]) => ({ field, from: null, to: read(row) }))
              .filter((change) => change.to !== null),
          ],
          body: `Split from "${incident.title}": reported by ${report.sourceName}`,
        },
      ]);
      await recordAudit(tx, actor, {
        action: 'incident.split',
        targetType: 'incident',
        targetId: incidentId,
        before: { incidentId, reportId, source: report.source, sourceId: report.sourceId },
        after: { incidentId: row.id },
      });
      await this.background.enqueueMany(
        tx,
        EXPOSURE_JOBS.incident,
        [incidentId, row.id].map((id) => ({ key: id, payload: { incidentId: id } })),
      );
      return row.id;
    });
    this.background.kick();
    return created;
  }
}
