import { useActiveOrganizationId } from '@/lib/active-organization';
import { queryKeys } from '@/lib/query-keys';
import { useSaveSettings } from '@/lib/settings-endpoint';
import { notificationDefaultsEndpoint } from './get-notification-defaults';

export const useSaveNotificationDefaults = () =>
  useSaveSettings(
    notificationDefaultsEndpoint.put,
    queryKeys.settings.notifications(useActiveOrganizationId()),
  );
