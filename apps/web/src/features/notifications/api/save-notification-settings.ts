import { queryKeys } from '@/lib/query-keys';
import { useSaveSettings } from '@/lib/settings-endpoint';
import { notificationSettingsEndpoint } from './get-notification-settings';

export const useSaveNotificationSettings = () =>
  useSaveSettings(notificationSettingsEndpoint.put, queryKeys.me.notifications);
