import { SUPPLIERS_PAGE_SIZE } from '@/config/constants';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { postWithProgress, type UploadProgress } from '@/lib/upload';
import {
  BulkResponse,
  type ProductInput,
  ProductListResponse,
  ProductResponse,
  type ProductUpdate,
} from '@meridian/contracts';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export type ProductSort = 'name' | 'revenue' | 'updatedAt';
export type ProductFilters = { q: string; sort: ProductSort; archived: boolean };

const filterQuery = (filters: ProductFilters, limit = SUPPLIERS_PAGE_SIZE) => {
  const query = new URLSearchParams({ sort: filters.sort, limit: String(limit) });
  if (filters.q.trim()) query.set('q', filters.q.trim());
  if (filters.archived) query.set('archived', 'true');
  return query;
};

/** One page of GET /products. */
async function getProductPage(
  filters: ProductFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ProductListResponse['data']> {
  const query = filterQuery(filters);
  if (cursor) query.set('cursor', cursor);
  const reply = await authenticatedRequest(`/products?${query.toString()}`, {
    schema: ProductListResponse,
    fallbackMessage: WEB_MESSAGES.suppliers.loadProductsFailed,
    ...(signal ? { signal } : {}),
  });
  return reply.data;
}

/** The products list a page at a time ("Load more"); the previous list stays while filters change. */
export function useProductPages(filters: ProductFilters) {
  const organizationId = useActiveOrganizationId();
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: queryKeys.products.pages(organizationId, filterQuery(filters).toString()),
      queryFn: ({ pageParam, signal }) => getProductPage(filters, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
    }),
    placeholderData: keepPreviousData,
  });
}

const saved = async (path: string, method: 'POST' | 'PATCH', body: unknown) =>
  (
    await authenticatedRequest(path, {
      method,
      body,
      schema: ProductResponse,
      fallbackMessage: WEB_MESSAGES.suppliers.saveProductFailed,
    })
  ).data.product;

/** Adds a product; the dialog shows the server's reason beside the form. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductInput) => saved('/products', 'POST', input),
    meta: { errorToast: false },
    onSuccess: async (product) => {
      toast.success(WEB_MESSAGES.suppliers.productCreated(product.name));
      await queryClient.invalidateQueries({ queryKey: queryKeys.products.all });
    },
  });
}

/** Edits, archives and restores a product. */
export function useUpdateProduct({ errorToast = true }: { errorToast?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, change }: { productId: string; change: ProductUpdate }) =>
      saved(`/products/${encodeURIComponent(productId)}`, 'PATCH', change),
    meta: { errorToast },
    onSuccess: async (product, { change }) => {
      toast.success(
        change.archived === true
          ? WEB_MESSAGES.suppliers.productArchived(product.name)
          : change.archived === false
            ? WEB_MESSAGES.suppliers.productRestored(product.name)
            : WEB_MESSAGES.suppliers.productUpdated(product.name),
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.products.all });
    },
  });
}

/** POST /products/bulk: every product in one request, written in one transaction, with progress. */
export const importProducts = (
  products: unknown[],
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
) =>
  postWithProgress(
    '/products/bulk',
    { products },
    {
      schema: BulkResponse.shape.data,
      fallbackMessage: WEB_MESSAGES.suppliers.importFailed,
      onProgress,
      ...(signal ? { signal } : {}),
    },
  );
