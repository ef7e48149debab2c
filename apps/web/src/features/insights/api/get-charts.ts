import { queryKeys } from '@/lib/query-keys';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { ChartsResponse, type ChartsQuery } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export type ChartScope = NonNullable<ChartsQuery['scope']>;

export const getCharts = async (days: number, scope: ChartScope, signal?: AbortSignal) =>
  (
    await authenticatedRequest(
      `/insights/charts?${new URLSearchParams({ days: String(days), scope }).toString()}`,
      { schema: ChartsResponse, fallbackMessage: WEB_MESSAGES.insights.chartsFailed, signal },
    )
  ).data.charts;

/**
 * The organization's trends over a window. The previous window stays on screen while the next
 * one loads, but never another organization's.
 */
export function useCharts(days: number, scope: ChartScope) {
  const organizationId = useActiveOrganizationId();
  return useQuery({
    queryKey: queryKeys.insights.charts(organizationId, days, scope),
    queryFn: ({ signal }) => getCharts(days, scope, signal),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === organizationId ? previous : undefined,
  });
}
