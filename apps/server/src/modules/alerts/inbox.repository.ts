import type { AlertKind, Priority, Severity } from '@meridian/contracts';
import { and, count, desc, eq, isNull, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { inboxEntries } from '../../db/schema.js';
import { INBOX_CHANNEL } from './inbox-streams.js';

/** Lines a thread keeps, newest first: what a glance at the inbox needs. */
export const INBOX_LINES_KEPT = 10;

/** One member's change to a thread: what the alert adds to their inbox. */
export type InboxChange = {
  organizationId: string;
  userId: string;
  incidentId: string | null;
  kind: AlertKind;
  severity: Severity;
  priority: Priority | null;
  title: string;
  line: string;
  link: string | null;
  /** The change went out on the member's channels too. */
  alerted: boolean;
};

const mine = (userId: string) => eq(inboxEntries.userId, userId);

/** Tells every instance, on commit, that these members' inboxes changed (their live streams). */
async function announce(db: Executor, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.execute(
    sql`select pg_notify(${INBOX_CHANNEL}, member) from (select distinct unnest(${sql.param([...userIds])}::text[]) as member) members`,
  );
}

/**
 * The in-app inbox: one thread per member and incident, written as each alert is fanned out.
 * Each member reads and clears only their own.
 */
export const inboxRepository = {
  /**
   * Adds one change per member: a new thread, or the incident's thread updated (its line first,
   * its kind, severity, priority and title the latest) and unread again.
   */
  async record(db: Executor, changes: readonly InboxChange[], now: Date): Promise<void> {
    for (let i = 0; i < changes.length; i += 500) {
      await db
        .insert(inboxEntries)
        .values(
          changes.slice(i, i + 500).map((change) => ({
            organizationId: change.organizationId,
            userId: change.userId,
            incidentId: change.incidentId,
            kind: change.kind,
            severity: change.severity,
            priority: change.priority,
            title: change.title,
            lines: [change.line],
            link: change.link,
            alertedAt: change.alerted ? now : null,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [inboxEntries.userId, inboxEntries.incidentId],
          targetWhere: sql`incident_id is not null`,
          set: {
            kind: sql`excluded.kind`,
            severity: sql`excluded.severity`,
            priority: sql`coalesce(excluded.priority, ${inboxEntries.priority})`,
            title: sql`excluded.title`,
            lines: sql`(select jsonb_agg(line order by position) from jsonb_array_elements(excluded.lines || ${inboxEntries.lines}) with ordinality as kept(line, position) where position <= ${INBOX_LINES_KEPT})`,
            link: sql`excluded.link`,
            updates: sql`${inboxEntries.updates} + 1`,
            alertedAt: sql`coalesce(excluded.alerted_at, ${inboxEntries.alertedAt})`,
            updatedAt: sql`excluded.updated_at`,
            readAt: sql`null`,
          },
        });
    }
    await announce(
      db,
      changes.map((change) => change.userId),
    );
  },

  async list(db: Executor, userId: string, limit: number, unreadOnly: boolean) {
    return db
      .select()
      .from(inboxEntries)
      .where(and(mine(userId), unreadOnly ? isNull(inboxEntries.readAt) : undefined))
      .orderBy(desc(inboxEntries.updatedAt), desc(inboxEntries.id))
      .limit(limit);
  },

  /** How many threads are unread, and the latest change among them that was alerted. */
  async unread(db: Executor, userId: string): Promise<{ unread: number; alertedAt: Date | null }> {
    const [row] = await db
      .select({ value: count(), alertedAt: max(inboxEntries.alertedAt) })
      .from(inboxEntries)
      .where(and(mine(userId), isNull(inboxEntries.readAt)));
    return { unread: Number(row?.value ?? 0), alertedAt: row?.alertedAt ?? null };
  },

  /** Answers whether it is the member's (read before or not). */
  async markRead(db: Executor, userId: string, id: string, now: Date): Promise<boolean> {
    const [row] = await db
      .select({ id: inboxEntries.id, readAt: inboxEntries.readAt })
      .from(inboxEntries)
      .where(and(mine(userId), eq(inboxEntries.id, id)));
    if (!row) return false;
    if (!row.readAt) {
      await db.update(inboxEntries).set({ readAt: now }).where(eq(inboxEntries.id, id));
      await announce(db, [userId]);
    }
    return true;
  },

  async markAllRead(db: Executor, userId: string, now: Date): Promise<void> {
    await db
      .update(inboxEntries)
      .set({ readAt: now })
      .where(and(mine(userId), isNull(inboxEntries.readAt)));
    await announce(db, [userId]);
  },
};

export type InboxEntryRow = typeof inboxEntries.$inferSelect;
