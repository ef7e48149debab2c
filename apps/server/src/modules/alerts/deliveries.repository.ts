import type { DeliveryChannel } from '@meridian/contracts';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { alertEndpoints, deliveries, endpointThreads, notifications } from '../../db/schema.js';

export type DeliveryRow = typeof deliveries.$inferSelect;
export type NewDelivery = Pick<
  typeof deliveries.$inferInsert,
  | 'organizationId'
  | 'notificationId'
  | 'endpointId'
  | 'channel'
  | 'recipient'
  | 'idempotencyKey'
  | 'title'
> &
  Partial<
    Pick<typeof deliveries.$inferInsert, 'status' | 'attempts' | 'lastAttemptAt' | 'nextAttemptAt'>
  >;

const asDate = (value: unknown) => (value === null ? null : new Date(value as string));

/** An e-mail thread's key: one per address and incident. */
export const threadKey = (recipient: string, incidentId: string) => `${recipient} ${incidentId}`;
/** An endpoint's thread about one incident (a Slack thread in its channel). */
export const endpointThreadKey = (endpointId: string, incidentId: string) =>
  `${endpointId} ${incidentId}`;

export const deliveriesRepository = {
  /** Queues deliveries; one already queued under the same idempotency key stays as it is. */
  async insertMany(db: Executor, rows: readonly NewDelivery[]): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insert(deliveries)
      .values([...rows])
      .onConflictDoNothing();
  },

  async insertOne(db: Executor, row: NewDelivery): Promise<DeliveryRow> {
    const [inserted] = await db.insert(deliveries).values(row).returning();
    if (!inserted) throw new Error('delivery insert returned nothing');
    return inserted;
  },

  /**
   * Up to `limit` due deliveries, leased to the caller until `now + leaseMs`: of several
   * instances each gets different rows (SKIP LOCKED); a row cut off by a crash comes back
   * when its lease ends.
   */
  async claim(db: Executor, now: Date, leaseMs: number, limit: number): Promise<DeliveryRow[]> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const result = await db.execute<Record<string, unknown>>(sql`
      update ${deliveries}
      set next_attempt_at = ${at} + ${`${leaseMs} milliseconds`}::interval,
          attempts = attempts + 1, last_attempt_at = ${at}
      where id in (
        select id from ${deliveries}
        where status in ('PENDING', 'FAILED') and next_attempt_at <= ${at}
        order by next_attempt_at limit ${limit}
        for update skip locked
      )
      returning *`);
    return (result as { rows: Record<string, unknown>[] }).rows.map((row) => ({
      id: String(row.id),
      organizationId: String(row.organization_id),
      notificationId: (row.notification_id as string | null) ?? null,
      endpointId: (row.endpoint_id as string | null) ?? null,
      channel: row.channel as DeliveryChannel,
      recipient: String(row.recipient),
      idempotencyKey: String(row.idempotency_key),
      title: String(row.title),
      status: row.status as DeliveryRow['status'],
      attempts: Number(row.attempts),
      nextAttemptAt: new Date(row.next_attempt_at as string),
      lastAttemptAt: asDate(row.last_attempt_at),
      lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
      lastError: (row.last_error as string | null) ?? null,
      deliveredAt: asDate(row.delivered_at),
      createdAt: new Date(row.created_at as string),
    }));
  },

  /**
   * For each e-mail address and incident, the first e-mail delivery about it to that address:
   * its Message-ID starts the recipient's thread about the incident. Keyed `address incident`.
   */
  async emailThreadRoots(
    db: Executor,
    wanted: readonly { recipient: string; incidentId: string }[],
  ): Promise<Map<string, string>> {
    if (wanted.length === 0) return new Map();
    const rows = rowsOf<{ recipient: string; incident_id: string; id: string }>(
      await db.execute(sql`select distinct on (delivery.recipient, message.incident_id)
          delivery.recipient, message.incident_id, delivery.id
        from ${deliveries} delivery join ${notifications} message on message.id = delivery.notification_id
        where delivery.channel = 'EMAIL'
          and delivery.recipient in (${sql.join(
            [...new Set(wanted.map((entry) => entry.recipient))].map((value) => sql`${value}`),
            sql`, `,
          )})
          and message.incident_id in (${sql.join(
            [...new Set(wanted.map((entry) => entry.incidentId))].map((value) => sql`${value}`),
            sql`, `,
          )})
        order by delivery.recipient, message.incident_id, delivery.created_at, delivery.id`),
    );
    return new Map(rows.map((row) => [threadKey(row.recipient, row.incident_id), row.id]));
  },

  /** The thread each endpoint keeps about each incident, keyed `endpoint incident`. */
  async endpointThreads(
    db: Executor,
    wanted: readonly { endpointId: string; incidentId: string }[],
  ): Promise<Map<string, string>> {
    if (wanted.length === 0) return new Map();
    const rows = await db
      .select()
      .from(endpointThreads)
      .where(
        and(
          inArray(endpointThreads.endpointId, [
            ...new Set(wanted.map((entry) => entry.endpointId)),
          ]),
          inArray(endpointThreads.incidentId, [
            ...new Set(wanted.map((entry) => entry.incidentId)),
          ]),
        ),
      );
    return new Map(
      rows.map((row) => [endpointThreadKey(row.endpointId, row.incidentId), row.threadRef]),
    );
  },

  /** The first message about an incident on an endpoint starts its thread; a later one keeps it. */
  async recordEndpointThread(
    db: Executor,
    thread: { endpointId: string; incidentId: string; threadRef: string },
  ): Promise<void> {
    await db.insert(endpointThreads).values(thread).onConflictDoNothing();
  },

  async notificationsByIds(db: Executor, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(notifications)
      .where(inArray(notifications.id, [...ids]));
  },

  async endpointsByIds(db: Executor, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(alertEndpoints)
      .where(inArray(alertEndpoints.id, [...ids]));
  },

  async markDelivered(
    db: Executor,
    id: string,
    now: Date,
    statusCode: number | null,
  ): Promise<void> {
    await db
      .update(deliveries)
      .set({ status: 'DELIVERED', deliveredAt: now, lastStatusCode: statusCode, lastError: null })
      .where(eq(deliveries.id, id));
  },

  /** Failed this time: tried again at `retryAt`, or given up for good when it is null. */
  async markFailed(
    db: Executor,
    id: string,
    failure: { statusCode: number | null; error: string; retryAt: Date | null },
  ): Promise<void> {
    await db
      .update(deliveries)
      .set({
        status: failure.retryAt ? 'FAILED' : 'GAVE_UP',
        lastStatusCode: failure.statusCode,
        lastError: failure.error.slice(0, 1000),
        ...(failure.retryAt ? { nextAttemptAt: failure.retryAt } : {}),
      })
      .where(eq(deliveries.id, id));
  },

  /** An endpoint's health follows its deliveries: three failures in a row and it is unhealthy. */
  async recordEndpointResult(
    db: Executor,
    endpointId: string,
    now: Date,
    error: string | null,
  ): Promise<void> {
    await db
      .update(alertEndpoints)
      .set(
        error === null
          ? { consecutiveFailures: 0, lastSuccessAt: now }
          : {
              consecutiveFailures: sql`${alertEndpoints.consecutiveFailures} + 1`,
              lastFailureAt: now,
              lastError: error.slice(0, 1000),
            },
      )
      .where(eq(alertEndpoints.id, endpointId));
  },

  async forEndpoint(db: Executor, organizationId: string, endpointId: string, limit: number) {
    return db
      .select()
      .from(deliveries)
      .where(
        and(eq(deliveries.organizationId, organizationId), eq(deliveries.endpointId, endpointId)),
      )
      .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
      .limit(limit);
  },

  async find(db: Executor, organizationId: string, id: string) {
    const [row] = await db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.organizationId, organizationId), eq(deliveries.id, id)));
    return row;
  },

  /** Due again now, with a fresh retry horizon (counted from the redelivery). */
  async redeliver(db: Executor, id: string, now: Date): Promise<DeliveryRow> {
    const [row] = await db
      .update(deliveries)
      .set({
        status: 'PENDING',
        attempts: 0,
        nextAttemptAt: now,
        createdAt: now,
        lastError: null,
        lastStatusCode: null,
      })
      .where(eq(deliveries.id, id))
      .returning();
    if (!row) throw new Error('redelivery returned nothing');
    return row;
  },

  /** Per channel over the last day: delivered, failing now, and the latest of each. */
  async channelSummary(db: Executor, organizationId: string, since: Date) {
    return db
      .select({
        channel: deliveries.channel,
        delivered: sql<number>`(count(*) filter (where ${deliveries.status} = 'DELIVERED'))::int`,
        failing: sql<number>`(count(*) filter (where ${deliveries.status} in ('FAILED', 'GAVE_UP')))::int`,
        lastSuccessAt: sql<string | null>`max(${deliveries.deliveredAt})`,
        lastFailureAt: sql<
          string | null
        >`max(${deliveries.lastAttemptAt}) filter (where ${deliveries.status} in ('FAILED', 'GAVE_UP'))`,
        lastError: sql<
          string | null
        >`(array_agg(${deliveries.lastError} order by ${deliveries.lastAttemptAt} desc nulls last) filter (where ${deliveries.lastError} is not null))[1]`,
      })
      .from(deliveries)
      .where(and(eq(deliveries.organizationId, organizationId), gt(deliveries.createdAt, since)))
      .groupBy(deliveries.channel);
  },
};
