import { formatMoney } from '@/utils/format';
import type { Site } from '@meridian/contracts';

/**
 * The revenue a day that stops while a site is down, and where the figure comes from: the
 * products it supplies a part of, or the site's own entry; amounts without a rate apart.
 */
export function SiteRevenue({ revenue }: { revenue: Site['dependentRevenue'] }) {
  if (!revenue) return <span className="text-muted-foreground">—</span>;
  const source =
    revenue.from === 'PRODUCTS'
      ? `from ${revenue.products} ${revenue.products === 1 ? 'product' : 'products'}`
      : 'entered on the site';
  const apart = revenue.unconverted
    .map(({ amount, currency }) => formatMoney(amount, currency))
    .join(', ');
  return (
    <>
      <span className="block">{formatMoney(revenue.perDay, revenue.currency)}</span>
      <span className="block text-xs text-muted-foreground">
        {source}
        {apart ? ` · ${apart} without a rate` : ''}
      </span>
    </>
  );
}
