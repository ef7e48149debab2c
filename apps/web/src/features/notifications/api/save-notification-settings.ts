import { useSaveSettings } from '@/lib/settings-endpoint';
import {
  notificationSettingsEndpoint,
  notificationSettingsQuery,
} from './get-notification-settings';

export const useSaveNotificationSettings = () =>
  useSaveSettings(notificationSettingsEndpoint.put, notificationSettingsQuery.queryKey);
