import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { notifications } from '../../db/schema.js';

const mine = (userId: string) =>
  and(eq(notifications.userId, userId), isNotNull(notifications.sentAt));

/** A member's own notifications: only sent ones (a digest still gathering is not shown yet). */
export const notificationsRepository = {
  async list(db: Executor, userId: string, limit: number, unreadOnly: boolean) {
    return db
      .select()
      .from(notifications)
      .where(and(mine(userId), unreadOnly ? isNull(notifications.readAt) : undefined))
      .orderBy(desc(notifications.sentAt), desc(notifications.id))
      .limit(limit);
  },

  async unread(db: Executor, userId: string): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(notifications)
      .where(and(mine(userId), isNull(notifications.readAt)));
    return Number(row?.value ?? 0);
  },

  /** Answers whether it is the member's (read before or not). */
  async markRead(db: Executor, userId: string, id: string, now: Date): Promise<boolean> {
    const [row] = await db
      .select({ id: notifications.id, readAt: notifications.readAt })
      .from(notifications)
      .where(and(mine(userId), eq(notifications.id, id)));
    if (!row) return false;
    if (!row.readAt) {
      await db.update(notifications).set({ readAt: now }).where(eq(notifications.id, id));
    }
    return true;
  },

  async markAllRead(db: Executor, userId: string, now: Date): Promise<void> {
    await db
      .update(notifications)
      .set({ readAt: now })
      .where(and(mine(userId), isNull(notifications.readAt)));
  },
};
