import { useActiveOrganizationId } from '@/lib/active-organization';
import { queryKeys } from '@/lib/query-keys';
import { useSaveSettings } from '@/lib/settings-endpoint';
import { platformSettingsEndpoint } from './get-platform-settings';

export const useSavePlatformSettings = () =>
  useSaveSettings(
    platformSettingsEndpoint.put,
    queryKeys.settings.platform(useActiveOrganizationId()),
  );
