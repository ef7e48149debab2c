import { queryKeys } from '@/lib/query-keys';
import { settingsEndpoint } from '@/lib/settings-endpoint';
import { NotificationSettingsResponse } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const notificationSettingsEndpoint = settingsEndpoint(
  '/me/notifications',
  NotificationSettingsResponse,
  { load: WEB_MESSAGES.settings.loadNotifications, save: WEB_MESSAGES.settings.saveNotifications },
);

/** The signed-in user's own: the same whichever organization they act as. */
export const notificationSettingsQuery = queryOptions({
  queryKey: queryKeys.me.notifications,
  queryFn: ({ signal }) => notificationSettingsEndpoint.get(signal),
});

export const useNotificationSettings = () => useQuery(notificationSettingsQuery);
