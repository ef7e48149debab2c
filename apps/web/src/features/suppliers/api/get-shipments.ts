import { SUPPLIERS_PAGE_SIZE } from '@/config/constants';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { ShipmentPageResponse, type ShipmentMode, type ShipmentStatus } from '@meridian/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export type ShipmentFilters = {
  q: string;
  status: ShipmentStatus | null;
  mode: ShipmentMode | null;
};

const filterQuery = (filters: ShipmentFilters) => {
  const query = new URLSearchParams({ limit: String(SUPPLIERS_PAGE_SIZE) });
  if (filters.q.trim()) query.set('q', filters.q.trim());
  if (filters.status) query.set('status', filters.status);
  if (filters.mode) query.set('mode', filters.mode);
  return query;
};

/** One page of GET /shipments. */
export async function getShipmentPage(
  filters: ShipmentFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ShipmentPageResponse['data']> {
  const query = filterQuery(filters);
  if (cursor) query.set('cursor', cursor);
  const reply = await authenticatedRequest(`/shipments?${query.toString()}`, {
    schema: ShipmentPageResponse,
    fallbackMessage: WEB_MESSAGES.suppliers.loadShipmentsFailed,
    ...(signal ? { signal } : {}),
  });
  return reply.data;
}

export const shipmentPagesQuery = (filters: ShipmentFilters, organizationId: string | null) =>
  infiniteQueryOptions({
    queryKey: queryKeys.shipments.pages(organizationId, filterQuery(filters).toString()),
    queryFn: ({ pageParam, signal }) => getShipmentPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useShipmentPages(filters: ShipmentFilters) {
  const organizationId = useActiveOrganizationId();
  return useInfiniteQuery({
    ...shipmentPagesQuery(filters, organizationId),
    placeholderData: keepPreviousData,
  });
}
