import { type Notification } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/access.js';
import { notFound } from '../../lib/errors.js';
import { type InboxEntryRow, inboxRepository as repository } from './inbox.repository.js';

const toDto = (row: InboxEntryRow): Notification => ({
  id: row.id,
  kind: row.kind,
  severity: row.severity,
  title: row.title,
  lines: row.lines,
  link: row.link,
  incidentId: row.incidentId,
  priority: row.priority,
  updates: row.updates,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  alertedAt: row.alertedAt?.toISOString() ?? null,
  readAt: row.readAt?.toISOString() ?? null,
});

/** The in-app inbox: each member reads and clears only their own threads. */
export class NotificationsService {
  constructor(private readonly db: Database) {}

  async list(
    actor: Actor,
    query: { limit: number; unread?: 'true' | 'false' | undefined },
  ): Promise<{ notifications: Notification[]; unread: number }> {
    const [rows, { unread }] = await Promise.all([
      repository.list(this.db, actor.user.id, query.limit, query.unread === 'true'),
      repository.unread(this.db, actor.user.id),
    ]);
    return { notifications: rows.map(toDto), unread };
  }

  async unread(actor: Actor): Promise<{ unread: number; alertedAt: string | null }> {
    return this.unreadOf(actor.user.id);
  }

  /** A member's bell: for their request, or for their live stream after a change. */
  async unreadOf(userId: string): Promise<{ unread: number; alertedAt: string | null }> {
    const { unread, alertedAt } = await repository.unread(this.db, userId);
    return { unread, alertedAt: alertedAt?.toISOString() ?? null };
  }

  async markRead(actor: Actor, id: string): Promise<void> {
    if (!(await repository.markRead(this.db, actor.user.id, id, new Date()))) {
      throw notFound(API_MESSAGES.alert.notificationNotFound);
    }
  }

  async markAllRead(actor: Actor): Promise<void> {
    await repository.markAllRead(this.db, actor.user.id, new Date());
  }
}
