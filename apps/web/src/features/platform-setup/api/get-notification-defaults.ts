import { SETTINGS_MESSAGES } from '@/config/messages';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { queryKeys } from '@/lib/query-keys';
import { settingsEndpoint } from '@/lib/settings-endpoint';
import { NotificationSettingsResponse } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';

export const notificationDefaultsEndpoint = settingsEndpoint(
  '/admin/settings/notifications',
  NotificationSettingsResponse,
  {
    load: SETTINGS_MESSAGES.loadNotificationDefaults,
    save: SETTINGS_MESSAGES.saveNotificationDefaults,
  },
);

/** The acting organization's notification defaults, for members who never saved their own. */
export const useNotificationDefaults = () =>
  useQuery({
    queryKey: queryKeys.settings.notifications(useActiveOrganizationId()),
    queryFn: ({ signal }) => notificationDefaultsEndpoint.get(signal),
  });
