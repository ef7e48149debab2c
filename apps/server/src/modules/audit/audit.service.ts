import type { Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import type { Actor } from '../../lib/access.js';

export type AuditEntry = {
  action: string;
  targetType: string;
  targetId: string | null;
  before?: unknown;
  after?: unknown;
};

/**
 * Who made a change: a signed-in user, someone outside acting for an organization without an
 * account (a supplier through its link: `{ organizationId }`), or the platform itself (null).
 */
export type AuditActor = Actor | { organizationId: string; user?: undefined } | null;

/** Writes one audit row inside the caller's transaction, so the change and its record land together. */
export async function recordAudit(
  db: Executor,
  actor: AuditActor,
  entry: AuditEntry,
): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: actor?.user?.id ?? null,
    actingOrganizationId: actor?.organizationId ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
