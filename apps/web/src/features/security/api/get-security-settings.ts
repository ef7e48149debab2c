import { useActiveOrganizationId } from '@/lib/active-organization';
import { queryKeys } from '@/lib/query-keys';
import { settingsEndpoint } from '@/lib/settings-endpoint';
import { SecuritySettingsResponse } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const securitySettingsEndpoint = settingsEndpoint(
  '/admin/settings/security',
  SecuritySettingsResponse,
  { load: WEB_MESSAGES.settings.loadSecurity, save: WEB_MESSAGES.settings.saveSecurity },
);

/** Per organization: a platform admin switching organizations sees each one's own toggles. */
export const securitySettingsQuery = (organizationId: string | null) =>
  queryOptions({
    queryKey: queryKeys.settings.security(organizationId),
    queryFn: ({ signal }) => securitySettingsEndpoint.get(signal),
  });

export const useSecuritySettings = () => useQuery(securitySettingsQuery(useActiveOrganizationId()));
