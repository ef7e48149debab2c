import { useActiveOrganizationId } from '@/lib/active-organization';
import { queryKeys } from '@/lib/query-keys';
import { settingsEndpoint, useSaveSettings } from '@/lib/settings-endpoint';
import { CurrencySettingsResponse } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

/** The organization's currency and exchange rates: Platform setup keeps them, Insights counts in them. */
export const currencySettingsEndpoint = settingsEndpoint(
  '/admin/settings/currency',
  CurrencySettingsResponse,
  { load: WEB_MESSAGES.settings.loadCurrency, save: WEB_MESSAGES.settings.saveCurrency },
);

export const currencySettingsQuery = (organizationId: string | null) =>
  queryOptions({
    queryKey: queryKeys.settings.currency(organizationId),
    queryFn: ({ signal }) => currencySettingsEndpoint.get(signal),
  });

export const useCurrencySettings = () => useQuery(currencySettingsQuery(useActiveOrganizationId()));

export const useSaveCurrencySettings = () =>
  useSaveSettings(
    currencySettingsEndpoint.put,
    queryKeys.settings.currency(useActiveOrganizationId()),
  );
