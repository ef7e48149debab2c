import {
  type CommentCreate,
  INCIDENT_LIMITS,
  INCIDENT_TRANSITIONS,
  type IncidentCreate,
  type IncidentDetail,
  type IncidentDetailResponse,
  type IncidentListQuery,
  type IncidentUpdate,
  NEARBY_SHIPMENT_RADIUS_KM,
  type Scope,
  type TimelineEntry,
  defaultAffectedRadiusKm,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { Database, Executor } from '../../db/client.js';
import { type Actor, requireAccess } from '../../lib/access.js';
import { keysetPage } from '../../db/keyset-page.js';
import type { VersionedList } from '../../lib/versioned-json.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { toShipmentDto } from '../atlas/atlas.mapper.js';
import { atlasReads } from '../atlas/atlas.reads.js';
import type { BackgroundWork } from '../../jobs/background.js';
import { EXPOSURE_JOBS } from '../exposure/exposure.jobs.js';
import { exposureReads } from '../exposure/exposure.reads.js';
import { recordAudit } from '../audit/audit.service.js';
import type { IncidentAlerts } from './incident-alerts.js';
import { TRACKED, changesBetween } from './incident-changes.js';
import { toIncidentDetail, toIncidentDto, toTimelineEntry } from './incidents.mapper.js';
import {
  type IncidentRow,
  type NewIncident,
  type NewIncidentEvent,
  incidentsRepository as incidents,
} from './incidents.repository.js';

/** One page of a filtered list, and where the next one starts. */
export type IncidentPage = {
  data: ReturnType<typeof toIncidentDto>[];
  page: { nextCursor: string | null };
};

const locationColumns = (location: IncidentCreate['location']) =>
  location === undefined
    ? {}
    : {
        lat: location?.lat ?? null,
        lng: location?.lng ?? null,
        countryCode: location?.countryCode ?? null,
      };

/**
 * Incidents people work: created and changed by the organization's MANAGERs and ADMINs (global
 * ones by platform staff), read and commented on by everyone who sees them, every change on
 * the timeline and in the audit log, in the same transaction.
 */
/**
 * Adds another module's entry to an incident's timeline (a plan's progress), inside the
 * caller's transaction. The incident's own changes are written by the service below.
 */
export const appendIncidentEvent = (db: Executor, values: NewIncidentEvent) =>
  incidents.insertEvent(db, values);

export class IncidentsService {
  constructor(
    private readonly db: Database,
    private readonly background: BackgroundWork,
    private readonly alerts: IncidentAlerts | null = null,
  ) {}

  /** In the change's transaction: the exposure engine recomputes the incident once it commits. */
  private recomputeExposure(tx: Executor, incidentId: string) {
    return this.background.enqueue(tx, EXPOSURE_JOBS.incident, incidentId, { incidentId });
  }

  /** The whole list in the scope, newest first, as the spec's screens read it. */
  fullList(actor: Actor, scope: Scope): VersionedList {
    const { organizationId } = actor;
    return {
      key: `incidents/${organizationId}/${scope}`,
      readVersion: () => incidents.version(this.db, organizationId, scope),
      load: () => incidents.listJson(this.db, organizationId, scope),
    };
  }

  async page(actor: Actor, query: IncidentListQuery): Promise<IncidentPage> {
    // A cursor belongs to its query: the filters and the sort, not the page size.
    const { scope, sort, severity, status, type, q, from, to, updatedSince, exposed } = query;
    const fingerprint = [
      actor.organizationId,
      scope,
      sort,
      severity,
      status,
      type,
      query.priority,
      q,
      from,
      to,
      updatedSince,
      exposed,
    ];
    const page = await keysetPage(
      { limit: query.limit ?? INCIDENT_LIMITS.pageMax, cursor: query.cursor },
      fingerprint,
      (after, limit) =>
        incidents.listPage(this.db, {
          organizationId: actor.organizationId,
          scope,
          filters: query,
          sort,
          limit,
          after,
        }),
    );
    // Each with its priority and value at risk for the organization, as the card shows them.
    const impacts = await exposureReads.impactsOf(
      this.db,
      actor.organizationId,
      page.items.map((row) => row.id),
    );
    return {
      data: page.items.map((row) => ({
        ...toIncidentDto(row),
        impact: impacts.get(row.id) ?? null,
      })),
      page: { nextCursor: page.nextCursor },
    };
  }

  async detail(actor: Actor, id: string): Promise<IncidentDetailResponse['data']> {
    const row = await this.visible(this.db, actor, id);
    const incident = await this.toDetail(this.db, row);
    const nearby = incident.location
      ? await atlasReads.listShipmentsNear(
          this.db,
          actor.organizationId,
          incident.location,
          NEARBY_SHIPMENT_RADIUS_KM,
        )
      : [];
    return {
      incident,
      nearbyShipments: nearby.map((shipment) => ({
        ...toShipmentDto(shipment),
        distanceKm: Math.round(shipment.distanceKm * 10) / 10,
      })),
    };
  }

  async create(actor: Actor, input: IncidentCreate): Promise<IncidentDetail> {
    const organizationId = input.scope === 'GLOBAL' ? null : actor.organizationId;
    this.assertMayEdit(actor, organizationId);
    const type = input.type ?? 'OTHER';
    const created = await this.db.transaction(async (tx) => {
      if (input.assigneeId)
        await this.assertAssignable(tx, actor, organizationId, input.assigneeId);
      const row = await incidents.insert(tx, {
        organizationId,
        title: input.title,
        description: input.description ?? null,
        severity: input.severity,
        type,
        ...locationColumns(input.location),
        startsAt: input.startsAt ? new Date(input.startsAt) : new Date(),
        endsAt: input.endsAt ? new Date(input.endsAt) : null,
        affectedRadiusKm: input.affectedRadiusKm ?? defaultAffectedRadiusKm(type, input.severity),
        area: input.area ?? null,
        assigneeId: input.assigneeId ?? null,
        sourceUrl: input.sourceUrl ?? null,
        createdBy: actor.user.id,
      });
      const initial = Object.entries(TRACKED)
        .map(([field, read]) => ({ field, from: null, to: read(row) }))
        .filter((change) => change.to !== null);
      await incidents.insertEvent(tx, {
        incidentId: row.id,
        organizationId,
        actorUserId: actor.user.id,
        kind: 'CREATED',
        changes: [{ field: 'status', from: null, to: row.status }, ...initial],
      });
      const detail = await this.toDetail(tx, row);
      await recordAudit(tx, actor, {
        action: 'incident.create',
        targetType: 'incident',
        targetId: row.id,
        after: detail,
      });
      await this.alerts?.created(tx, actor, row);
      await this.recomputeExposure(tx, row.id);
      return detail;
    });
    this.background.kick();
    return created;
  }

  async update(actor: Actor, id: string, input: IncidentUpdate): Promise<IncidentDetail> {
    const updated = await this.db.transaction(async (tx) => {
      const before = await this.visible(tx, actor, id, true);
      this.assertMayEdit(actor, before.organizationId);
      if (input.assigneeId)
        await this.assertAssignable(tx, actor, before.organizationId, input.assigneeId);
      const statusChange = input.status && input.status !== before.status ? input.status : null;
      if (statusChange) this.assertTransition(before, statusChange, input.reason);

      const next = this.columnsOf(input, before);
      const endsAt = next.endsAt === undefined ? before.endsAt : next.endsAt;
      const startsAt = next.startsAt ?? before.startsAt;
      if (endsAt && endsAt < startsAt)
        throw badRequest(`endsAt: ${API_MESSAGES.incident.endsBeforeStart}`);
      const candidate = { ...before, ...next };
      const changes = changesBetween(before, candidate);
      if (!statusChange && changes.length === 0) return this.toDetail(tx, before);

      const after = await incidents.update(tx, id, {
        ...next,
        ...(statusChange
          ? { status: statusChange, resolvedAt: statusChange === 'RESOLVED' ? new Date() : null }
          : {}),
      });
      const shared = {
        incidentId: id,
        organizationId: before.organizationId,
        actorUserId: actor.user.id,
      };
      if (changes.length > 0)
        await incidents.insertEvent(tx, { ...shared, kind: 'UPDATED', changes });
      if (statusChange) {
        await incidents.insertEvent(tx, {
          ...shared,
          kind: 'STATUS',
          changes: [{ field: 'status', from: before.status, to: statusChange }],
          body: input.reason ?? null,
        });
      }
      const detail = await this.toDetail(tx, after);
      await recordAudit(tx, actor, {
        action: 'incident.update',
        targetType: 'incident',
        targetId: id,
        before: await this.toDetail(tx, before),
        after: detail,
      });
      await this.alerts?.changed(tx, actor, before, after, input.reason ?? null);
      await this.recomputeExposure(tx, id);
      return detail;
    });
    this.background.kick();
    return updated;
  }

  /**
   * A comment on a global incident is the commenting organization's own: another customer
   * never reads it. On an organization's incident it is that organization's.
   */
  async comment(actor: Actor, id: string, input: CommentCreate): Promise<TimelineEntry> {
    return this.db.transaction(async (tx) => {
      const incident = await this.visible(tx, actor, id);
      const event = await incidents.insertEvent(tx, {
        incidentId: id,
        organizationId: incident.organizationId ?? actor.organizationId,
        actorUserId: actor.user.id,
        kind: 'COMMENT',
        changes: [],
        body: input.body,
      });
      await recordAudit(tx, actor, {
        action: 'incident.comment',
        targetType: 'incident',
        targetId: id,
        after: { entryId: event.id, body: input.body },
      });
      return toTimelineEntry(event, (await incidents.findPerson(tx, actor.user.id)) ?? null);
    });
  }

  async timeline(actor: Actor, id: string): Promise<TimelineEntry[]> {
    await this.visible(this.db, actor, id);
    const rows = await incidents.listEvents(this.db, id, actor.organizationId);
    return rows.map(({ event, actor: person }) =>
      toTimelineEntry(event, person?.id ? { ...person, id: person.id } : null),
    );
  }

  /** Incidents are history; platform staff remove only a feed's duplicates. */
  async delete(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const incident = await this.visible(tx, actor, id, true);
      requireAccess(actor, 'platform.administer', API_MESSAGES.incident.duplicatesOnly);
      if (incident.source === 'MANUAL') throw conflict(API_MESSAGES.incident.historyKept);
      await incidents.delete(tx, id);
      await recordAudit(tx, actor, {
        action: 'incident.delete',
        targetType: 'incident',
        targetId: id,
        before: toIncidentDto(incident),
      });
    });
  }

  private async visible(
    db: Executor,
    actor: Actor,
    id: string,
    lock = false,
  ): Promise<IncidentRow> {
    const row = await incidents.findVisible(db, actor.organizationId, id, lock);
    if (!row) throw notFound(API_MESSAGES.incident.notFound);
    return row;
  }

  /** MANAGER and ADMIN of the organization (platform staff acting as it count); global: platform staff. */
  private assertMayEdit(actor: Actor, organizationId: string | null): void {
    if (organizationId === null) {
      requireAccess(actor, 'platform.administer', API_MESSAGES.incident.globalRequiresPlatform);
    } else {
      requireAccess(actor, 'organization.editData', API_MESSAGES.incident.editorRequired, {
        organizationId,
      });
    }
  }

  private assertTransition(
    incident: IncidentRow,
    to: IncidentRow['status'],
    reason: string | undefined,
  ): void {
    if (!INCIDENT_TRANSITIONS[incident.status].includes(to)) {
      throw conflict(API_MESSAGES.incident.transition(incident.status, to));
    }
    if (incident.status === 'RESOLVED' && to === 'OPEN' && !reason) {
      throw badRequest(`reason: ${API_MESSAGES.incident.reopenReason}`);
    }
  }

  /** Assignees are active members of the incident's organization (the internal one for global). */
  private async assertAssignable(
    db: Executor,
    actor: Actor,
    organizationId: string | null,
    assigneeId: string,
  ): Promise<void> {
    const home = organizationId ?? (actor.isInternal ? actor.user.organizationId : null);
    const person = home ? await incidents.findAssignable(db, home, assigneeId) : undefined;
    if (!person) throw badRequest(`assigneeId: ${API_MESSAGES.incident.assigneeNotFound}`);
  }

  /** The columns an update sets; fields it does not name stay as they are. */
  private columnsOf(input: IncidentUpdate, before: IncidentRow): Partial<NewIncident> {
    const columns: Partial<NewIncident> = {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.severity !== undefined ? { severity: input.severity } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...locationColumns(input.location),
      ...(input.startsAt !== undefined ? { startsAt: new Date(input.startsAt) } : {}),
      ...(input.endsAt !== undefined
        ? { endsAt: input.endsAt ? new Date(input.endsAt) : null }
        : {}),
      ...(input.affectedRadiusKm !== undefined ? { affectedRadiusKm: input.affectedRadiusKm } : {}),
      ...(input.area !== undefined ? { area: input.area } : {}),
      ...(input.assigneeId !== undefined ? { assigneeId: input.assigneeId } : {}),
      ...(input.sourceUrl !== undefined ? { sourceUrl: input.sourceUrl } : {}),
      ...(input.verified ? { unverified: false } : {}),
    };
    // The default radius follows a new type or severity unless a radius was set by hand.
    const wasDefault =
      before.affectedRadiusKm === defaultAffectedRadiusKm(before.type, before.severity);
    if (input.affectedRadiusKm === undefined && wasDefault && (input.type || input.severity)) {
      columns.affectedRadiusKm = defaultAffectedRadiusKm(
        input.type ?? before.type,
        input.severity ?? before.severity,
      );
    }
    return columns;
  }

  private async toDetail(db: Executor, row: IncidentRow): Promise<IncidentDetail> {
    const assignee = row.assigneeId ? await incidents.findPerson(db, row.assigneeId) : undefined;
    return toIncidentDetail(row, assignee ?? null);
  }
}
