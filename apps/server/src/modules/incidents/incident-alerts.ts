import { INCIDENT_STATUS_LABELS, WEB_PATHS } from '@meridian/contracts';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../../lib/access.js';
import type { AlertRaiser } from '../alerts/raise.js';
import { exposureReads } from '../exposure/exposure.reads.js';
import type { IncidentRow } from './incidents.repository.js';

const nameOf = (actor: Actor) =>
  `${actor.user.firstName} ${actor.user.lastName}`.trim() || actor.user.email;

const baseOf = (incident: IncidentRow, organizationId: string) => ({
  organizationId,
  incidentId: incident.id,
  severity: incident.severity,
  title: incident.title,
  link: WEB_PATHS.admin.event.getHref(incident.id),
});

/**
 * Alerts about an organization's own incidents, raised in the change's transaction: created,
 * status changed or resolved (to its members), assigned (to the assignee). The person who
 * made the change is not alerted about it. Global incidents reach organizations through
 * their exposures instead.
 */
export class IncidentAlerts {
  constructor(private readonly raiser: AlertRaiser) {}

  async created(tx: Executor, actor: Actor, incident: IncidentRow): Promise<void> {
    if (incident.organizationId) {
      await this.raiser.raise(tx, {
        ...baseOf(incident, incident.organizationId),
        kind: 'INCIDENT_CREATED',
        line: `Recorded by ${nameOf(actor)}`,
        actorUserId: actor.user.id,
      });
    }
    if (incident.assigneeId) await this.assigned(tx, actor, incident);
  }

  async changed(
    tx: Executor,
    actor: Actor,
    before: IncidentRow,
    after: IncidentRow,
    reason: string | null,
  ): Promise<void> {
    if (after.organizationId && before.status !== after.status) {
      const resolved = after.status === 'RESOLVED';
      await this.raiser.raise(tx, {
        ...baseOf(after, after.organizationId),
        // As it stands before the engine recomputes it: a resolution carries what it was.
        priority: await exposureReads.priorityOf(tx, after.id, after.organizationId),
        kind: resolved ? 'INCIDENT_RESOLVED' : 'INCIDENT_STATUS',
        // Its owner (the assignee, else who recorded it) hears of the resolution on their
        // channels; the others in their inbox.
        ownerUserId: after.assigneeId ?? before.assigneeId ?? after.createdBy,
        line: `${resolved ? 'Resolved' : `${INCIDENT_STATUS_LABELS[before.status]} → ${INCIDENT_STATUS_LABELS[after.status]}`} by ${nameOf(actor)}${reason ? `: ${reason}` : ''}`,
        actorUserId: actor.user.id,
      });
    }
    if (after.assigneeId && after.assigneeId !== before.assigneeId) {
      await this.assigned(tx, actor, after);
    }
  }

  private async assigned(tx: Executor, actor: Actor, incident: IncidentRow): Promise<void> {
    if (!incident.assigneeId || incident.assigneeId === actor.user.id) return;
    await this.raiser.raise(tx, {
      // A global incident is assigned within the platform staff's own organization.
      ...baseOf(incident, incident.organizationId ?? actor.user.organizationId),
      kind: 'INCIDENT_ASSIGNED',
      line: `${nameOf(actor)} assigned this incident to you`,
      actorUserId: actor.user.id,
      targetUserId: incident.assigneeId,
    });
  }
}
