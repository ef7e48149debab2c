import {
  NOTIFICATIONS_LIVE_POLL_INTERVAL_MS,
  NOTIFICATIONS_POLL_INTERVAL_MS,
} from '@/config/constants';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { UnreadResponse } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const getUnreadCount = async (signal?: AbortSignal) =>
  (
    await authenticatedRequest('/notifications/unread', {
      schema: UnreadResponse,
      fallbackMessage: WEB_MESSAGES.notification.loadFailed,
      signal,
    })
  ).data;

export const unreadCountQuery = queryOptions({
  queryKey: queryKeys.notifications.unread,
  queryFn: ({ signal }) => getUnreadCount(signal),
  staleTime: 0,
  refetchInterval: NOTIFICATIONS_POLL_INTERVAL_MS,
  refetchOnWindowFocus: true,
  // A tab in the background keeps asking: its desktop notifications are the point of them.
  refetchIntervalInBackground: true,
});

/**
 * How many of the signed-in user's threads are unread, and when one was last alerted on the
 * channels, for the bell and its desktop notifications: pushed by the live inbox stream while
 * it is open (`live`), polled while it is not.
 */
export const useUnreadCount = (live: boolean) =>
  useQuery({
    ...unreadCountQuery,
    refetchInterval: live ? NOTIFICATIONS_LIVE_POLL_INTERVAL_MS : NOTIFICATIONS_POLL_INTERVAL_MS,
  });
