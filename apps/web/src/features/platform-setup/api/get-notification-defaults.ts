import { useActiveOrganizationId } from '@/lib/active-organization';
import { queryKeys } from '@/lib/query-keys';
import { settingsEndpoint } from '@/lib/settings-endpoint';
import { NotificationSettingsResponse } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const notificationDefaultsEndpoint = settingsEndpoint(
  '/admin/settings/notifications',
  NotificationSettingsResponse,
  {
    load: WEB_MESSAGES.settings.loadNotificationDefaults,
    save: WEB_MESSAGES.settings.saveNotificationDefaults,
  },
);

/** The acting organization's notification defaults, for members who never saved their own. */
export const useNotificationDefaults = () =>
  useQuery({
    queryKey: queryKeys.settings.notifications(useActiveOrganizationId()),
    queryFn: ({ signal }) => notificationDefaultsEndpoint.get(signal),
  });
