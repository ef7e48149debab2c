import { useActiveOrganizationId } from '@/lib/active-organization';
import { queryKeys } from '@/lib/query-keys';
import { useSaveSettings } from '@/lib/settings-endpoint';
import { securitySettingsEndpoint } from './get-security-settings';

export const useSaveSecuritySettings = () =>
  useSaveSettings(
    securitySettingsEndpoint.put,
    queryKeys.settings.security(useActiveOrganizationId()),
  );
