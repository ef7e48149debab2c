import { SETTINGS_MESSAGES } from '@/config/messages';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { queryKeys } from '@/lib/query-keys';
import { settingsEndpoint } from '@/lib/settings-endpoint';
import { SecuritySettingsResponse } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const securitySettingsEndpoint = settingsEndpoint(
  '/admin/settings/security',
  SecuritySettingsResponse,
  { load: SETTINGS_MESSAGES.loadSecurity, save: SETTINGS_MESSAGES.saveSecurity },
);

/** Per organization: a platform admin switching organizations sees each one's own toggles. */
export const securitySettingsQuery = (organizationId: string | null) =>
  queryOptions({
    queryKey: queryKeys.settings.security(organizationId),
    queryFn: ({ signal }) => securitySettingsEndpoint.get(signal),
  });

export const useSecuritySettings = () => useQuery(securitySettingsQuery(useActiveOrganizationId()));
