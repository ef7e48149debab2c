import { useActiveOrganizationId } from '@/lib/active-organization';
import { useSaveSettings } from '@/lib/settings-endpoint';
import { securitySettingsEndpoint, securitySettingsQuery } from './get-security-settings';

export const useSaveSecuritySettings = () =>
  useSaveSettings(
    securitySettingsEndpoint.put,
    securitySettingsQuery(useActiveOrganizationId()).queryKey,
  );
