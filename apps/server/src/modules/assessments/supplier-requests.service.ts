import {
  type AssessmentInput,
  AssessmentValues,
  type SupplierAnswer,
  type SupplierRequest,
  type SupplierRequestCreate,
  type SupplierRequestCreateResponse,
  type SupplierRequestListResponse,
  type SupplierRequestStatus,
  SUPPLIER_REQUEST_LIMITS,
  type SupplierRequestView,
  WEB_PATHS,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.js';
import type { BackgroundWork } from '../../jobs/background.js';
import { type Actor, requireAccess } from '../../lib/access.js';
import { DomainError, conflict, gone, notFound } from '../../lib/errors.js';
import { type Mailer, escapeHtml } from '../../lib/mailer.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { hashToken, newOpaqueToken } from '../../lib/tokens.js';
import type { AlertRaiser } from '../alerts/raise.js';
import { recordAudit } from '../audit/audit.service.js';
import { visibleIncident } from '../incidents/incidents.reads.js';
import { appendIncidentEvent } from '../incidents/incidents.service.js';
import { assessmentsRepository as assessments } from './assessments.repository.js';
import { type AssessmentsService, assertRecoveryDate } from './assessments.service.js';
import {
  type SupplierRequestContext,
  type SupplierRequestRow,
  supplierRequestsRepository as requests,
} from './supplier-requests.repository.js';

const DAY_MS = 24 * 60 * 60_000;

export const SUPPLIER_JOBS = { mail: 'assessments.supplier-mail' } as const;
export type SupplierMailPayload = { requestId: string; baseUrl: string; reminder: boolean };

const statusOf = (row: SupplierRequestRow, now: Date): SupplierRequestStatus =>
  row.revokedAt
    ? 'REVOKED'
    : row.answeredAt
      ? 'ANSWERED'
      : row.bouncedAt
        ? 'BOUNCED'
        : row.expiresAt <= now
          ? 'EXPIRED'
          : 'OPEN';

const toDto = (row: SupplierRequestRow & { siteName: string }, now: Date): SupplierRequest => ({
  id: row.id,
  siteId: row.siteId,
  siteName: row.siteName,
  email: row.email,
  status: statusOf(row, now),
  sentAt: row.sentAt?.toISOString() ?? null,
  remindedAt: row.remindedAt?.toISOString() ?? null,
  answeredAt: row.answeredAt?.toISOString() ?? null,
  bounceReason: row.bounceReason,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/** A supplier's answer in a line: "affected, 40 % capacity, back by 2026-12-09". */
function answerInWords(values: AssessmentInput): string {
  if (values.state === 'NO_IMPACT') return 'not affected';
  return [
    'affected',
    values.capacityPct === null ? null : `${values.capacityPct} % capacity`,
    values.expectedRecoveryOn ? `back by ${values.expectedRecoveryOn}` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** The e-mail (first or reminder) that carries a request's link to the site's contact. */
function requestEmail(request: SupplierRequestContext, link: string, reminder: boolean) {
  const { organizationName: org, incident, site } = request;
  const expires = request.expiresAt.toUTCString();
  const lead = reminder
    ? `A reminder: ${org} has not heard from you yet.`
    : `${org} is checking on its suppliers near an event.`;
  const question = `Is ${site.name} affected by “${incident.title}”?`;
  return {
    to: request.email,
    subject: `${reminder ? 'Reminder: ' : ''}${question}`,
    text: [
      lead,
      '',
      question,
      'Four short questions, no account needed:',
      link,
      '',
      `The link is for ${site.name} only and expires on ${expires}.`,
      'You can change your answer until then.',
    ].join('\n'),
    html: [
      `<p>${escapeHtml(lead)}</p>`,
      `<p><strong>${escapeHtml(question)}</strong></p>`,
      `<p><a href="${escapeHtml(link)}">Answer four short questions</a> (no account needed).</p>`,
      `<p>The link is for ${escapeHtml(site.name)} only and expires on ${expires}. You can change your answer until then.</p>`,
    ].join('\n'),
  };
}

/**
 * Asking exposed sites' own contacts how they stand (README, "Supplier responses"). A MANAGER
 * or ADMIN asks; each site with a contact e-mail gets a one-time link (256 random bits, kept as
 * a hash and sealed for the reminder) by a background job, and one reminder later if it has not
 * answered. The public page shows only the incident's title, place and dates and the site's
 * name; an answer becomes the site's assessment, marked as the supplier's.
 */
export class SupplierRequestsService {
  constructor(
    private readonly db: Database,
    private readonly background: BackgroundWork,
    private readonly assessmentsService: AssessmentsService,
    private readonly alerts: AlertRaiser,
    private readonly mailer: Mailer,
    private readonly tokens: SecretBox,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(actor: Actor, incidentId: string): Promise<SupplierRequestListResponse['data']> {
    await visibleIncident(this.db, actor.organizationId, incidentId);
    const now = this.now();
    const rows = await requests.ofIncident(this.db, actor.organizationId, incidentId);
    const latest = new Map<string, SupplierRequestRow>();
    for (const row of rows) if (!latest.has(row.siteId)) latest.set(row.siteId, row);
    const asked = [...latest.values()].filter((row) => !row.revokedAt);
    return {
      requests: rows.map((row) => toDto(row, now)),
      responseRate: {
        asked: asked.length,
        answered: asked.filter((row) => row.answeredAt).length,
      },
    };
  }

  async ask(
    actor: Actor,
    incidentId: string,
    input: Required<Omit<SupplierRequestCreate, 'siteIds'>> & { siteIds?: string[] },
    baseUrl: string,
  ): Promise<SupplierRequestCreateResponse['data']> {
    const now = this.now();
    const result = await this.db.transaction(async (tx) => {
      await visibleIncident(tx, actor.organizationId, incidentId);
      requireAccess(actor, 'organization.editData', API_MESSAGES.assessment.editorRequired);
      if (!this.mailer.configured) {
        throw new DomainError('SERVICE_UNAVAILABLE', API_MESSAGES.supplierRequest.mailRequired);
      }
      const wanted = input.siteIds ? [...new Set(input.siteIds)] : undefined;
      const exposed = await assessments.ofIncident(tx, actor.organizationId, incidentId, wanted);
      if (wanted && exposed.length < wanted.length) {
        const known = await assessments.siteIdsOf(tx, actor.organizationId, wanted);
        if (known.length < wanted.length) throw notFound(API_MESSAGES.assessment.siteNotFound);
        throw conflict(API_MESSAGES.assessment.notExposed);
      }
      const ids = exposed.map((site) => site.siteId);
      const emails = await requests.contactEmails(tx, actor.organizationId, ids);
      const open = new Set(
        (await requests.openOf(tx, incidentId, actor.organizationId, ids))
          // A bounced link is not open: asking again (the e-mail fixed) sends a new one.
          .filter((row) => row.expiresAt > now && !row.bouncedAt)
          .map((row) => row.siteId),
      );
      const skipped: SupplierRequestCreateResponse['data']['skipped'] = [];
      const toAsk: { siteId: string; siteName: string; email: string }[] = [];
      for (const site of exposed) {
        const email = emails.get(site.siteId);
        if (!email) skipped.push({ ...site, reason: 'NO_EMAIL' });
        else if (open.has(site.siteId)) skipped.push({ ...site, reason: 'OPEN' });
        else toAsk.push({ siteId: site.siteId, siteName: site.siteName, email });
      }
      const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY_MS);
      const remindAt = new Date(now.getTime() + input.remindAfterDays * DAY_MS);
      const inserted = await requests.insert(
        tx,
        toAsk.map((site) => {
          const { token, hash } = newOpaqueToken();
          return {
            incidentId,
            organizationId: actor.organizationId,
            siteId: site.siteId,
            email: site.email,
            tokenHash: hash,
            tokenSealed: this.tokens.seal(token),
            createdByUserId: actor.user.id,
            createdAt: now,
            expiresAt,
            remindAt: remindAt < expiresAt ? remindAt : null,
          };
        }),
      );
      // In the exposure's order (most critical first, then by name), whatever the insert's.
      const bySite = new Map(inserted.map((row) => [row.siteId, row]));
      const created = toAsk.flatMap((site) => {
        const row = bySite.get(site.siteId);
        return row ? [{ ...row, siteName: site.siteName }] : [];
      });
      for (const row of created) {
        await this.background.enqueue(tx, SUPPLIER_JOBS.mail, `${row.id}:ask`, {
          requestId: row.id,
          baseUrl,
          reminder: false,
        });
        if (row.remindAt) {
          await this.background.enqueue(
            tx,
            SUPPLIER_JOBS.mail,
            `${row.id}:remind`,
            { requestId: row.id, baseUrl, reminder: true },
            row.remindAt,
          );
        }
      }
      if (created.length > 0) {
        await appendIncidentEvent(tx, {
          incidentId,
          organizationId: actor.organizationId,
          actorUserId: actor.user.id,
          kind: 'ASSESSMENT',
          changes: [
            {
              field: 'Suppliers asked',
              from: null,
              to: created.map((row) => row.siteName).join(', '),
            },
          ],
          body: null,
        });
        await recordAudit(tx, actor, {
          action: 'supplier_request.create',
          targetType: 'incident',
          targetId: incidentId,
          after: created.map((row) => ({
            siteId: row.siteId,
            email: row.email,
            expiresAt: row.expiresAt,
          })),
        });
      }
      return { requests: created.map((row) => toDto(row, now)), skipped };
    });
    if (result.requests.length > 0) this.background.kick();
    return result;
  }

  async revoke(actor: Actor, incidentId: string, requestId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await visibleIncident(tx, actor.organizationId, incidentId);
      requireAccess(actor, 'organization.editData', API_MESSAGES.assessment.editorRequired);
      const row = await requests.findOwn(tx, actor.organizationId, incidentId, requestId);
      if (!row) throw notFound(API_MESSAGES.supplierRequest.notFound);
      if (row.revokedAt) return;
      await requests.update(tx, row.id, { revokedAt: this.now() });
      await recordAudit(tx, actor, {
        action: 'supplier_request.revoke',
        targetType: 'incident',
        targetId: incidentId,
        before: { requestId: row.id, siteId: row.siteId, email: row.email },
      });
    });
  }

  /** What the public page shows for a link; a wrong or revoked one is 404, an expired one 410. */
  async view(token: string): Promise<SupplierRequestView> {
    const request = await this.usable(this.db, token);
    return {
      organizationName: request.organizationName,
      // Only what the page may show: not the severity, not who works the incident.
      incident: {
        title: request.incident.title,
        countryCode: request.incident.countryCode,
        lat: request.incident.lat,
        lng: request.incident.lng,
        startsAt: request.incident.startsAt.toISOString(),
        endsAt: request.incident.endsAt?.toISOString() ?? null,
      },
      site: request.site,
      expiresAt: request.expiresAt.toISOString(),
      answer:
        request.answer && request.answeredAt
          ? { ...request.answer, answeredAt: request.answeredAt.toISOString() }
          : null,
    };
  }

  /** A supplier's answer through its link: the site's assessment, until the link expires. */
  async answer(token: string, body: SupplierAnswer): Promise<void> {
    const now = this.now();
    const values = AssessmentValues.parse({
      state: body.affected ? 'CONFIRMED' : 'NO_IMPACT',
      capacityPct: body.capacityPct ?? null,
      expectedRecoveryOn: body.expectedRecoveryOn ?? null,
      notes: body.notes ?? null,
    });
    assertRecoveryDate(values.expectedRecoveryOn, now);
    await this.db.transaction(async (tx) => {
      const request = await this.usable(tx, token, true);
      if (request.answerCount >= SUPPLIER_REQUEST_LIMITS.answers) {
        throw new DomainError(
          'TOO_MANY_REQUESTS',
          API_MESSAGES.supplierRequest.tooManyAnswers,
          60 * 60,
        );
      }
      await this.assessmentsService.recordSupplierAnswer(
        tx,
        request,
        values,
        `${request.site.name} (supplier, ${request.email})`,
        now,
      );
      const answer = {
        affected: body.affected,
        capacityPct: values.capacityPct,
        expectedRecoveryOn: values.expectedRecoveryOn,
        notes: values.notes,
      };
      const to = request.incident.assigneeId ?? request.createdByUserId;
      if (to) {
        await this.alerts.raise(tx, {
          organizationId: request.organizationId,
          incidentId: request.incidentId,
          kind: 'SUPPLIER_ANSWERED',
          severity: request.incident.severity,
          title: request.incident.title,
          line: `${request.site.name}: ${answerInWords(values)}`,
          link: WEB_PATHS.admin.event.getHref(request.incidentId),
          actorUserId: null,
          targetUserId: to,
        });
      }
      // The supplier has no account: the row names the request and the address it went to.
      await recordAudit(
        tx,
        { organizationId: request.organizationId },
        {
          action: 'supplier_request.answer',
          targetType: 'supplier_request',
          targetId: request.id,
          before: request.answer,
          after: { ...answer, siteId: request.siteId, email: request.email },
        },
      );
      await requests.update(tx, request.id, {
        answeredAt: now,
        firstAnsweredAt: request.firstAnsweredAt ?? now,
        answerCount: request.answerCount + 1,
        answer,
      });
    });
    this.background.kick();
  }

  /** The mail job: the first e-mail or the reminder, unless the request no longer needs it. */
  async sendMail({ requestId, baseUrl, reminder }: SupplierMailPayload): Promise<void> {
    const now = this.now();
    const request = await requests.context(this.db, { id: requestId });
    if (!request || request.revokedAt || request.bouncedAt || request.expiresAt <= now) return;
    if (reminder && request.answeredAt) return;
    const link = `${baseUrl}${WEB_PATHS.supplierResponse.getHref(this.tokens.open(request.tokenSealed))}`;
    try {
      await this.mailer.deliver(requestEmail(request, link, reminder));
    } catch (error) {
      // A refusal of the address itself (5xx) is final: recorded, shown, not tried again. Any
      // other failure (the server down, a 4xx "try later") is retried by the job.
      const code = (error as { responseCode?: unknown }).responseCode;
      if (typeof code !== 'number' || code < 500 || code > 599) throw error;
      const reason = (error as { response?: unknown }).response;
      await requests.update(this.db, request.id, {
        bouncedAt: now,
        bounceReason: (typeof reason === 'string' ? reason : String(code)).slice(0, 300),
      });
      this.log.warn({ requestId, code }, 'supplier request e-mail refused by the server');
      return;
    }
    await requests.update(this.db, request.id, reminder ? { remindedAt: now } : { sentAt: now });
    this.log.info({ requestId, reminder }, 'supplier request e-mailed');
  }

  private async usable(db: Executor, token: string, lock = false) {
    const request = await requests.context(db, { tokenHash: hashToken(token) }, lock);
    if (!request || request.revokedAt) {
      throw notFound(API_MESSAGES.supplierRequest.linkInvalid);
    }
    if (request.expiresAt <= this.now()) throw gone(API_MESSAGES.supplierRequest.linkExpired);
    return request;
  }
}
