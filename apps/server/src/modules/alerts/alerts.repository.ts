import type { Severity } from '@meridian/contracts';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import {
  alertEndpoints,
  alerts,
  notifications,
  organizationSettings,
  userSettings,
  users,
} from '../../db/schema.js';

export type AlertRow = typeof alerts.$inferSelect;
export type NewAlert = Omit<typeof alerts.$inferInsert, 'id' | 'fannedOutAt' | 'createdAt'>;
export type NotificationRow = typeof notifications.$inferSelect;
type NewNotification = Omit<
  typeof notifications.$inferInsert,
  'id' | 'readAt' | 'createdAt' | 'sendAfter'
> & { sendAfter: Date };

/** A member or an endpoint: whoever one notification row is for. */
export type Recipient = { userId: string } | { endpointId: string };

export const alertsRepository = {
  async insert(db: Executor, alert: NewAlert): Promise<AlertRow> {
    const [row] = await db.insert(alerts).values(alert).returning();
    if (!row) throw new Error('alert insert returned nothing');
    return row;
  },

  /** The alert, locked for its fan-out (a second run waits, then sees it done). */
  async lock(db: Executor, id: string): Promise<AlertRow | undefined> {
    const [row] = await db.select().from(alerts).where(eq(alerts.id, id)).for('update');
    return row;
  },

  async markFannedOut(db: Executor, id: string, now: Date): Promise<void> {
    await db.update(alerts).set({ fannedOutAt: now }).where(eq(alerts.id, id));
  },

  /** The severities already alerted as an exposure of this incident to this organization. */
  async exposureAlertSeverities(
    db: Executor,
    organizationId: string,
    incidentId: string,
  ): Promise<Severity[]> {
    const rows = await db
      .select({ severity: alerts.severity })
      .from(alerts)
      .where(
        and(
          eq(alerts.organizationId, organizationId),
          eq(alerts.incidentId, incidentId),
          inArray(alerts.kind, ['EXPOSURE_NEW', 'EXPOSURE_ESCALATED']),
        ),
      )
      .groupBy(alerts.severity);
    return rows.map((row) => row.severity);
  },

  /** Active members with their saved preferences (null: never saved). */
  async members(db: Executor, organizationId: string) {
    return db
      .select({
        id: users.id,
        email: users.email,
        notifications: userSettings.notifications,
        preferences: userSettings.preferences,
      })
      .from(users)
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(and(eq(users.organizationId, organizationId), eq(users.accountStatus, 'ACTIVE')));
  },

  async organizationDefaults(db: Executor, organizationId: string): Promise<unknown> {
    const [row] = await db
      .select({ value: organizationSettings.notifications })
      .from(organizationSettings)
      .where(eq(organizationSettings.organizationId, organizationId));
    return row?.value ?? null;
  },

  async activeEndpoints(db: Executor, organizationId: string) {
    return db
      .select()
      .from(alertEndpoints)
      .where(
        and(
          eq(alertEndpoints.organizationId, organizationId),
          eq(alertEndpoints.enabled, true),
          isNull(alertEndpoints.deletedAt),
        ),
      );
  },

  /** Notifications sent at once, many in one statement; answers who each one is for. */
  async insertSentMany(
    db: Executor,
    rows: readonly (NewNotification & { sentAt: Date })[],
  ): Promise<{ id: string; userId: string | null; endpointId: string | null }[]> {
    const inserted: { id: string; userId: string | null; endpointId: string | null }[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      inserted.push(
        ...(await db
          .insert(notifications)
          .values(rows.slice(i, i + 500))
          .returning({
            id: notifications.id,
            userId: notifications.userId,
            endpointId: notifications.endpointId,
          })),
      );
    }
    return inserted;
  },

  /**
   * For one incident, every recipient it reached within the window (when last) or who has a
   * digest waiting: keyed by member or endpoint id.
   */
  async recentFor(
    db: Executor,
    incidentId: string,
    since: Date,
  ): Promise<Map<string, { lastSentAt: Date | null; pending: boolean }>> {
    const rows = await db
      .select({
        recipient: sql<string>`coalesce(${notifications.userId}, ${notifications.endpointId})`,
        lastSentAt: sql<string | null>`max(${notifications.sentAt})`,
        pending: sql<boolean>`bool_or(${notifications.sentAt} is null)`,
      })
      .from(notifications)
      .where(
        and(
          eq(notifications.incidentId, incidentId),
          or(isNull(notifications.sentAt), gt(notifications.sentAt, since)),
        ),
      )
      .groupBy(sql`coalesce(${notifications.userId}, ${notifications.endpointId})`);
    return new Map(
      rows.map((row) => [
        row.recipient,
        {
          lastSentAt: row.lastSentAt ? new Date(row.lastSentAt) : null,
          pending: Boolean(row.pending),
        },
      ]),
    );
  },

  /**
   * Folds an alert into the recipient's unsent digest for the incident, creating it if there
   * is none: its lines grow, its severity is the highest seen. Answers the digest's id.
   */
  async foldIntoDigest(
    db: Executor,
    row: NewNotification,
  ): Promise<{ id: string; sendAfter: Date }> {
    const result = await db.execute<{ id: string; send_after: string | Date }>(sql`
      insert into ${notifications}
        (organization_id, user_id, endpoint_id, incident_id, kind, severity, title, lines, link, alert_ids, send_after, held)
      values (${row.organizationId}, ${row.userId ?? null}, ${row.endpointId ?? null}, ${row.incidentId ?? null},
        ${row.kind}, ${row.severity}, ${row.title}, ${JSON.stringify(row.lines)}::jsonb, ${row.link ?? null},
        ${JSON.stringify(row.alertIds)}::jsonb, ${row.sendAfter.toISOString()}::timestamptz, ${row.held ?? null})
      on conflict (coalesce(user_id, endpoint_id), incident_id) where sent_at is null
      do update set
        lines = ${notifications}.lines || excluded.lines,
        alert_ids = ${notifications}.alert_ids || excluded.alert_ids,
        kind = excluded.kind,
        title = excluded.title,
        -- Held longer (quiet hours began), never sooner.
        send_after = greatest(${notifications}.send_after, excluded.send_after),
        held = coalesce(excluded.held, ${notifications}.held),
        severity = case when
          (case excluded.severity when 'CRITICAL' then 4 when 'HIGH' then 3 when 'MEDIUM' then 2 else 1 end) >
          (case ${notifications}.severity when 'CRITICAL' then 4 when 'HIGH' then 3 when 'MEDIUM' then 2 else 1 end)
          then excluded.severity else ${notifications}.severity end
      returning id, send_after`);
    const [folded] = rowsOf<{ id: string; send_after: string | Date }>(result);
    if (!folded) throw new Error('digest upsert returned nothing');
    return { id: folded.id, sendAfter: new Date(folded.send_after) };
  },

  /** Per member, the messages sent to them since `since`, and the oldest of those. */
  async sentSince(
    db: Executor,
    userIds: readonly string[],
    since: Date,
  ): Promise<Map<string, { sent: number; oldest: Date | null }>> {
    if (userIds.length === 0) return new Map();
    const rows = await db
      .select({
        userId: notifications.userId,
        sent: sql<number>`count(*)::int`,
        oldest: sql<string | null>`min(${notifications.sentAt})`,
      })
      .from(notifications)
      .where(and(inArray(notifications.userId, [...userIds]), gt(notifications.sentAt, since)))
      .groupBy(notifications.userId);
    return new Map(
      rows.map((row) => [
        row.userId ?? '',
        { sent: Number(row.sent), oldest: row.oldest ? new Date(row.oldest) : null },
      ]),
    );
  },

  /** Which incident a notification is about (no lock: to take the incident's lock first). */
  async scopeOf(db: Executor, id: string) {
    const [row] = await db
      .select({
        organizationId: notifications.organizationId,
        incidentId: notifications.incidentId,
      })
      .from(notifications)
      .where(eq(notifications.id, id));
    return row;
  },

  /** An unsent digest, locked for sending; undefined when already sent (or gone). */
  async lockUnsent(db: Executor, id: string): Promise<NotificationRow | undefined> {
    const [row] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, id), isNull(notifications.sentAt)))
      .for('update');
    return row;
  },

  async markSent(
    db: Executor,
    id: string,
    now: Date,
    message: { title: string; lines: string[] },
  ): Promise<void> {
    await db
      .update(notifications)
      .set({ sentAt: now, ...message })
      .where(eq(notifications.id, id));
  },

  async endpoint(db: Executor, id: string) {
    const [row] = await db.select().from(alertEndpoints).where(eq(alertEndpoints.id, id));
    return row;
  },

  async member(db: Executor, id: string) {
    const [row] = await db
      .select({ id: users.id, email: users.email, accountStatus: users.accountStatus })
      .from(users)
      .where(eq(users.id, id));
    return row;
  },

  async userSettings(db: Executor, userId: string): Promise<unknown> {
    const [row] = await db
      .select({ value: userSettings.notifications })
      .from(userSettings)
      .where(eq(userSettings.userId, userId));
    return row?.value ?? null;
  },
};
