import type { Notification } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { notificationSettingsQuery } from '../api/get-notification-settings';
import { latestNotificationsQuery } from '../api/get-notifications';
import { desktopPermission } from './use-desktop-permission';
import { useOpenNotification } from './use-open-notification';

/** What this page has already seen: the unread count and every notification id. */
type Seen = { unread: number; ids: Set<string> };

/**
 * Desktop notifications while Meridian is open: when the polled unread count rises, the new
 * unread notifications each become one browser notification (if the user allowed the browser
 * and keeps the Desktop channel on). What was unread when the page loaded, or when the browser
 * allowed it, is only remembered, and no id is shown twice.
 */
export function useDesktopAlerts(unread: number | undefined) {
  const queryClient = useQueryClient();
  const open = useOpenNotification();
  const openClicked = useEffectEvent((notification: Notification) => open(notification));
  const seen = useRef<Seen | null>(null);
  const queue = useRef(Promise.resolve());

  useEffect(() => {
    if (unread === undefined) return;
    const latest = async () =>
      (await queryClient.fetchQuery({ ...latestNotificationsQuery, staleTime: 0 })).notifications;

    const show = (notification: Notification) => {
      try {
        const shown = new window.Notification(notification.title, {
          body: notification.lines.join('\n'),
          tag: notification.id,
        });
        shown.onclick = () => {
          window.focus();
          shown.close();
          openClicked(notification);
        };
      } catch {
        // Some browsers (Android) only show notifications through a service worker.
      }
    };

    const step = async () => {
      if (desktopPermission() !== 'granted') {
        seen.current = null;
        return;
      }
      if (!seen.current) {
        const known = unread > 0 ? await latest() : [];
        seen.current = { unread, ids: new Set(known.map((item) => item.id)) };
        return;
      }
      const { ids } = seen.current;
      if (unread > seen.current.unread) {
        const [notifications, settings] = await Promise.all([
          latest(),
          queryClient.fetchQuery(notificationSettingsQuery),
        ]);
        const fresh = notifications.filter((item) => item.readAt === null && !ids.has(item.id));
        // Oldest first, so the newest ends up on top of the stack.
        for (const notification of fresh.reverse()) {
          ids.add(notification.id);
          if (settings.channels.desktop) show(notification);
        }
      }
      // Only once they are shown: after a failed request the next poll tries again.
      seen.current.unread = unread;
    };
    queue.current = queue.current.then(step).catch(() => undefined);
  }, [unread, queryClient]);
}
