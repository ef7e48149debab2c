import { useActiveOrganizationId } from '@/lib/active-organization';
import { useSaveSettings } from '@/lib/settings-endpoint';
import { platformSettingsEndpoint, platformSettingsQuery } from './get-platform-settings';

export const useSavePlatformSettings = () =>
  useSaveSettings(
    platformSettingsEndpoint.put,
    platformSettingsQuery(useActiveOrganizationId()).queryKey,
  );
