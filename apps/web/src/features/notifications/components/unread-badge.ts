import { NOTIFICATIONS_BADGE_MAX } from '@/config/constants';

/** The bell's badge: the unread count, capped ("99+"); nothing at 0. */
export const unreadBadge = (unread: number): string | null =>
  unread <= 0
    ? null
    : unread > NOTIFICATIONS_BADGE_MAX
      ? `${NOTIFICATIONS_BADGE_MAX}+`
      : String(unread);

/** The bell's accessible name, which carries the count the badge shows only to the eye. */
export const bellLabel = (unread: number): string =>
  unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
