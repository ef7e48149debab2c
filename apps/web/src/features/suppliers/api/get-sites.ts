import { SUPPLIERS_PAGE_SIZE } from '@/config/constants';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { type Criticality, type SiteKind, SiteListResponse } from '@meridian/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export type SiteSort = 'name' | 'criticality' | 'tier' | 'updatedAt';
export type SiteFilters = {
  q: string;
  kind: SiteKind | null;
  criticality: Criticality | null;
  sort: SiteSort;
  archived: boolean;
};

export const siteFilterQuery = (filters: SiteFilters, limit = SUPPLIERS_PAGE_SIZE) => {
  const query = new URLSearchParams({ sort: filters.sort, limit: String(limit) });
  if (filters.q.trim()) query.set('q', filters.q.trim());
  if (filters.kind) query.set('kind', filters.kind);
  if (filters.criticality) query.set('criticality', filters.criticality);
  if (filters.archived) query.set('archived', 'true');
  return query;
};

/** One page of GET /sites. */
export async function getSitePage(
  filters: SiteFilters,
  cursor: string | null,
  options: { limit?: number; signal?: AbortSignal } = {},
): Promise<SiteListResponse['data']> {
  const query = siteFilterQuery(filters, options.limit);
  if (cursor) query.set('cursor', cursor);
  const reply = await authenticatedRequest(`/sites?${query.toString()}`, {
    schema: SiteListResponse,
    fallbackMessage: WEB_MESSAGES.suppliers.loadSitesFailed,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return reply.data;
}

export const sitePagesQuery = (filters: SiteFilters, organizationId: string | null) =>
  infiniteQueryOptions({
    queryKey: queryKeys.sites.pages(organizationId, siteFilterQuery(filters).toString()),
    queryFn: ({ pageParam, signal }) => getSitePage(filters, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** The sites list a page at a time ("Load more"); the previous list stays while filters change. */
export function useSitePages(filters: SiteFilters) {
  const organizationId = useActiveOrganizationId();
  return useInfiniteQuery({
    ...sitePagesQuery(filters, organizationId),
    placeholderData: keepPreviousData,
  });
}
