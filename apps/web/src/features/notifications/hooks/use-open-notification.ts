import type { Notification } from '@meridian/contracts';
import { useNavigate } from 'react-router';
import { useMarkNotificationRead } from '../api/mark-notification-read';

/** Opening a notification (in the panel or on the desktop) reads it and goes where it leads. */
export function useOpenNotification() {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  return (notification: Notification) => {
    if (notification.readAt === null) markRead.mutate(notification.id);
    // Links are app paths; anything else is not followed.
    if (notification.link?.startsWith('/')) void navigate(notification.link);
  };
}
