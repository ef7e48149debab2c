import { useActiveOrganizationId } from '@/lib/active-organization';
import { queryKeys } from '@/lib/query-keys';
import { settingsEndpoint } from '@/lib/settings-endpoint';
import { PlatformSettingsResponse } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const platformSettingsEndpoint = settingsEndpoint(
  '/admin/settings/platform',
  PlatformSettingsResponse,
  { load: WEB_MESSAGES.settings.loadPlatform, save: WEB_MESSAGES.settings.savePlatform },
);

export const platformSettingsQuery = (organizationId: string | null) =>
  queryOptions({
    queryKey: queryKeys.settings.platform(organizationId),
    queryFn: ({ signal }) => platformSettingsEndpoint.get(signal),
  });

export const usePlatformSettings = () => useQuery(platformSettingsQuery(useActiveOrganizationId()));
