import { NOTIFICATIONS_PANEL_SIZE } from '@/config/constants';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { NotificationListResponse } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const getNotifications = async (signal?: AbortSignal) =>
  (
    await authenticatedRequest(`/notifications?limit=${NOTIFICATIONS_PANEL_SIZE}`, {
      schema: NotificationListResponse,
      fallbackMessage: WEB_MESSAGES.notification.loadFailed,
      signal,
    })
  ).data;

/** The latest notifications, read and unread; asked again whenever the panel opens. */
export const latestNotificationsQuery = queryOptions({
  queryKey: queryKeys.notifications.latest,
  queryFn: ({ signal }) => getNotifications(signal),
  staleTime: 0,
});

export const useLatestNotifications = (enabled: boolean) =>
  useQuery({ ...latestNotificationsQuery, enabled });
