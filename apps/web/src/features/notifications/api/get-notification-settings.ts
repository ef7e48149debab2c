import { SETTINGS_MESSAGES } from '@/config/messages';
import { queryKeys } from '@/lib/query-keys';
import { settingsEndpoint } from '@/lib/settings-endpoint';
import { NotificationSettingsResponse } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const notificationSettingsEndpoint = settingsEndpoint(
  '/me/notifications',
  NotificationSettingsResponse,
  { load: SETTINGS_MESSAGES.loadNotifications, save: SETTINGS_MESSAGES.saveNotifications },
);

/** The signed-in user's own: the same whichever organization they act as. */
export const notificationSettingsQuery = queryOptions({
  queryKey: queryKeys.me.notifications,
  queryFn: ({ signal }) => notificationSettingsEndpoint.get(signal),
});

export const useNotificationSettings = () => useQuery(notificationSettingsQuery);
