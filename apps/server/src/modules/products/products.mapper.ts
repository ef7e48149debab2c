import type { Product, ProductPart } from '@meridian/contracts';
import type { ProductRow } from './products.repository.js';

export const toProductDto = (
  row: ProductRow,
  parts: readonly (ProductPart & { productId: string })[],
  sitesExposed: number,
): Product => ({
  id: row.id,
  sku: row.sku,
  name: row.name,
  revenuePerDay: row.revenuePerDay,
  currency: row.currency,
  coverDays: row.coverDays,
  parts: parts.map(({ part, site, share, singleSource }) => ({ part, site, share, singleSource })),
  sitesExposed,
  archivedAt: row.archivedAt?.toISOString() ?? null,
  updatedAt: row.updatedAt.toISOString(),
});
