import { SETTINGS_MESSAGES } from '@/config/messages';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { queryKeys } from '@/lib/query-keys';
import { settingsEndpoint } from '@/lib/settings-endpoint';
import { PlatformSettingsResponse } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const platformSettingsEndpoint = settingsEndpoint(
  '/admin/settings/platform',
  PlatformSettingsResponse,
  { load: SETTINGS_MESSAGES.loadPlatform, save: SETTINGS_MESSAGES.savePlatform },
);

export const platformSettingsQuery = (organizationId: string | null) =>
  queryOptions({
    queryKey: queryKeys.settings.platform(organizationId),
    queryFn: ({ signal }) => platformSettingsEndpoint.get(signal),
  });

export const usePlatformSettings = () => useQuery(platformSettingsQuery(useActiveOrganizationId()));
