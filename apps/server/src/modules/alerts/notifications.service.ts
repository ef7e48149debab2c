import { type Notification } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/access.js';
import { notFound } from '../../lib/errors.js';
import type { NotificationRow } from './alerts.repository.js';
import { notificationsRepository as repository } from './notifications.repository.js';

const toDto = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind,
  severity: row.severity,
  title: row.title,
  lines: row.lines,
  link: row.link,
  incidentId: row.incidentId,
  createdAt: (row.sentAt ?? row.createdAt).toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

/** The in-app channel: each member reads and clears only their own notifications. */
export class NotificationsService {
  constructor(private readonly db: Database) {}

  async list(
    actor: Actor,
    query: { limit: number; unread?: 'true' | 'false' | undefined },
  ): Promise<{ notifications: Notification[]; unread: number }> {
    const [rows, unread] = await Promise.all([
      repository.list(this.db, actor.user.id, query.limit, query.unread === 'true'),
      repository.unread(this.db, actor.user.id),
    ]);
    return { notifications: rows.map(toDto), unread };
  }

  async unread(actor: Actor): Promise<number> {
    return repository.unread(this.db, actor.user.id);
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
