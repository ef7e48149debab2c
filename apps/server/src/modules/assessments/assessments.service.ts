import {
  ASSESSMENT_LIMITS,
  ASSESSMENT_STATES,
  ASSESSMENT_STATE_LABELS,
  type AssessmentInput,
  type AssessmentListResponse,
  type AssessmentState,
  type SiteAssessment,
  type SiteAssessmentHistoryItem,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { Database, Executor } from '../../db/client.js';
import type { BackgroundWork } from '../../jobs/background.js';
import { type Actor, requireAccess } from '../../lib/access.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { EXPOSURE_JOBS } from '../exposure/exposure.jobs.js';
import { visibleIncident } from '../incidents/incidents.reads.js';
import { appendIncidentEvent } from '../incidents/incidents.service.js';
import {
  type AssessedSite,
  assessmentsRepository as assessments,
} from './assessments.repository.js';

const DAY_MS = 24 * 60 * 60_000;

const toDto = (row: AssessedSite): SiteAssessment => ({
  siteId: row.siteId,
  siteName: row.siteName,
  criticality: row.criticality,
  exposedNow: row.exposedNow,
  firstExposedAt: row.firstExposedAt.toISOString(),
  state: row.assessment?.state ?? 'POTENTIAL',
  capacityPct: row.assessment?.capacityPct ?? null,
  expectedRecoveryOn: row.assessment?.expectedRecoveryOn ?? null,
  notes: row.assessment?.notes ?? null,
  setBy:
    row.assessment?.setByUserId && row.assessment.setByName
      ? { id: row.assessment.setByUserId, name: row.assessment.setByName }
      : null,
  reportedBySupplier: row.assessment?.reportedBySupplier ?? false,
  updatedAt: row.assessment ? row.assessment.updatedAt.toISOString() : null,
});

/** A recovery date is today or later, and within the horizon. */
export function assertRecoveryDate(day: string | null, now: Date): void {
  if (day === null) return;
  const today = now.toISOString().slice(0, 10);
  if (day < today) throw badRequest(API_MESSAGES.assessment.recoveryInPast);
  const horizon = new Date(now.getTime() + ASSESSMENT_LIMITS.recoveryHorizonDays * DAY_MS)
    .toISOString()
    .slice(0, 10);
  if (day > horizon) {
    throw badRequest(API_MESSAGES.assessment.recoveryTooFar(ASSESSMENT_LIMITS.recoveryHorizonDays));
  }
}

/** What the timeline says of a site's change, field by field, in words. */
function changesOf(before: SiteAssessment, input: AssessmentInput) {
  const percent = (value: number | null) => (value === null ? null : `${value} %`);
  const changes: { field: string; from: unknown; to: unknown }[] = [];
  if (before.state !== input.state) {
    changes.push({
      field: before.siteName,
      from: ASSESSMENT_STATE_LABELS[before.state],
      to: ASSESSMENT_STATE_LABELS[input.state],
    });
  }
  if (before.capacityPct !== input.capacityPct) {
    changes.push({
      field: `${before.siteName}: capacity available`,
      from: percent(before.capacityPct),
      to: percent(input.capacityPct),
    });
  }
  if (before.expectedRecoveryOn !== input.expectedRecoveryOn) {
    changes.push({
      field: `${before.siteName}: expected recovery`,
      from: before.expectedRecoveryOn,
      to: input.expectedRecoveryOn,
    });
  }
  return changes;
}

/**
 * How the organization's exposed sites stand in an incident (README, "Assessments"): read by
 * every member, set by its MANAGERs and ADMINs, one site or many at once. Each change is on the
 * incident's timeline from what to what, audited, and has the incident's value at risk and
 * priority computed again (an exposure job, in the change's transaction).
 */
export class AssessmentsService {
  constructor(
    private readonly db: Database,
    private readonly background: BackgroundWork,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(actor: Actor, incidentId: string): Promise<AssessmentListResponse['data']> {
    await visibleIncident(this.db, actor.organizationId, incidentId);
    const rows = (await assessments.ofIncident(this.db, actor.organizationId, incidentId)).map(
      toDto,
    );
    const counts = Object.fromEntries(ASSESSMENT_STATES.map((state) => [state, 0])) as Record<
      AssessmentState,
      number
    >;
    for (const row of rows) counts[row.state] += 1;
    return { counts, assessments: rows };
  }

  /** How one of the organization's sites stood in each incident, newest change first. */
  async siteHistory(actor: Actor, siteId: string): Promise<SiteAssessmentHistoryItem[]> {
    const [known] = await assessments.siteIdsOf(this.db, actor.organizationId, [siteId]);
    if (!known) throw notFound(API_MESSAGES.assessment.siteNotFound);
    const rows = await assessments.historyOfSite(this.db, actor.organizationId, siteId, 100);
    return rows.map((row) => ({
      incidentId: row.incidentId,
      incidentTitle: row.incidentTitle,
      incidentResolved: row.incidentResolved,
      state: row.state,
      capacityPct: row.capacityPct,
      expectedRecoveryOn: row.expectedRecoveryOn,
      notes: row.notes,
      setBy: row.reportedBySupplier ? null : row.setByName,
      reportedBySupplier: row.reportedBySupplier,
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  /** Sets how the sites stand, all of them or none (one transaction). */
  async set(
    actor: Actor,
    incidentId: string,
    siteIds: readonly string[],
    input: AssessmentInput,
  ): Promise<SiteAssessment[]> {
    const wanted = [...new Set(siteIds)];
    const now = this.now();
    const saved = await this.db.transaction(async (tx) => {
      await visibleIncident(tx, actor.organizationId, incidentId);
      requireAccess(actor, 'organization.editData', API_MESSAGES.assessment.editorRequired);
      const known = await assessments.siteIdsOf(tx, actor.organizationId, wanted);
      if (known.length < wanted.length) throw notFound(API_MESSAGES.assessment.siteNotFound);
      assertRecoveryDate(input.expectedRecoveryOn, now);
      const before = (
        await assessments.ofIncident(tx, actor.organizationId, incidentId, wanted)
      ).map(toDto);
      if (before.length < wanted.length) throw conflict(API_MESSAGES.assessment.notExposed);
      await assessments.upsert(
        tx,
        { incidentId, organizationId: actor.organizationId },
        wanted,
        { ...input, setByUserId: actor.user.id, reportedBySupplier: false },
        now,
      );
      const changes = before.flatMap((site) => changesOf(site, input));
      if (changes.length > 0) {
        await appendIncidentEvent(tx, {
          incidentId,
          organizationId: actor.organizationId,
          actorUserId: actor.user.id,
          kind: 'ASSESSMENT',
          changes,
          body: input.notes,
        });
      }
      const after = (
        await assessments.ofIncident(tx, actor.organizationId, incidentId, wanted)
      ).map(toDto);
      await recordAudit(tx, actor, {
        action: 'assessment.update',
        targetType: 'incident',
        targetId: incidentId,
        before,
        after,
      });
      await this.background.enqueue(tx, EXPOSURE_JOBS.incident, incidentId, { incidentId });
      return after;
    });
    this.background.kick();
    return saved;
  }

  /**
   * A supplier's answer, in the caller's transaction: the site's assessment as the supplier
   * reported it (no member set it), on the timeline under the supplier's name, and the
   * incident’s value at risk computed again.
   */
  async recordSupplierAnswer(
    tx: Executor,
    key: { incidentId: string; organizationId: string; siteId: string },
    input: AssessmentInput,
    source: string,
    now: Date,
  ): Promise<void> {
    const { incidentId, organizationId, siteId } = key;
    const [before] = (await assessments.ofIncident(tx, organizationId, incidentId, [siteId])).map(
      toDto,
    );
    if (!before) throw conflict(API_MESSAGES.assessment.notExposed);
    await assessments.upsert(
      tx,
      { incidentId, organizationId },
      [siteId],
      { ...input, setByUserId: null, reportedBySupplier: true },
      now,
    );
    const changes = changesOf(before, input);
    if (changes.length > 0 || input.notes) {
      await appendIncidentEvent(tx, {
        incidentId,
        organizationId,
        actorUserId: null,
        source,
        kind: 'ASSESSMENT',
        changes,
        body: input.notes,
      });
    }
    await this.background.enqueue(tx, EXPOSURE_JOBS.incident, incidentId, { incidentId });
  }
}
