import { type Notification, type UnreadResponse, channelCarries } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { notificationSettingsQuery } from '../api/get-notification-settings';
import { latestNotificationsQuery } from '../api/get-notifications';
import { desktopPermission } from './use-desktop-permission';
import { useOpenNotification } from './use-open-notification';

/** What this page has already seen: the latest alerted change, and each thread's. */
type Seen = { alertedAt: string | null; ids: Set<string> };

/** A thread's change that went out on the channels: shown once on the desktop. */
const alertKey = (notification: Notification) => `${notification.id}@${notification.alertedAt}`;

/**
 * Desktop notifications while Meridian is open: when the polled latest alerted change moves, the
 * unread threads whose latest change went out on the channels (`alertedAt`: an incident at the
 * user's alert priority, something assigned to them…) each become one browser notification,
 * if the user allowed the browser and keeps the Desktop channel on. Changes kept to the inbox
 * make no sound. What was unread when the page loaded, or when the browser allowed it, is only
 * remembered, and no change is shown twice.
 */
export function useDesktopAlerts(state: UnreadResponse['data'] | undefined) {
  const queryClient = useQueryClient();
  const open = useOpenNotification();
  const openClicked = useEffectEvent((notification: Notification) => open(notification));
  const seen = useRef<Seen | null>(null);
  const queue = useRef(Promise.resolve());
  const unread = state?.unread;
  const alertedAt = state?.alertedAt ?? null;

  useEffect(() => {
    if (unread === undefined) return;
    const latest = async () =>
      (await queryClient.fetchQuery({ ...latestNotificationsQuery, staleTime: 0 })).notifications;

    const show = (notification: Notification) => {
      try {
        const shown = new window.Notification(notification.title, {
          body: notification.lines.slice(0, 3).join('\n'),
          tag: alertKey(notification),
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
        seen.current = { alertedAt, ids: new Set(known.map(alertKey)) };
        return;
      }
      const { ids } = seen.current;
      // A thread already unread may be alerted again: the latest alerted change tells.
      if (alertedAt !== null && alertedAt !== seen.current.alertedAt) {
        const [notifications, settings] = await Promise.all([
          latest(),
          queryClient.fetchQuery(notificationSettingsQuery),
        ]);
        const fresh = notifications.filter(
          (item) => item.readAt === null && item.alertedAt !== null && !ids.has(alertKey(item)),
        );
        // Oldest first, so the newest ends up on top of the stack.
        for (const notification of fresh.reverse()) {
          ids.add(alertKey(notification));
          if (channelCarries(settings, notification.kind, 'desktop')) show(notification);
        }
      }
      // Only once they are shown: after a failed request the next poll tries again.
      seen.current.alertedAt = alertedAt;
    };
    queue.current = queue.current.then(step).catch(() => undefined);
  }, [unread, alertedAt, queryClient]);
}
