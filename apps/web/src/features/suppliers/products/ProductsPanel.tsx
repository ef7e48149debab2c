import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { SectionSpinner } from '@/components/ui/Spinner';
import { Switch } from '@/components/ui/Switch';
import { Table, type TableColumn } from '@/components/ui/Table';
import { SEARCH_DELAY_MS } from '@/config/constants';
import { useCurrencySettings } from '@/entities/organization/currency-settings';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/utils/cn';
import { formatMoney } from '@/utils/format';
import type { Product, ProductValues } from '@meridian/contracts';
import { Archive, ArchiveRestore, Pencil, Plus, Search, Upload } from 'lucide-react';
import { useState } from 'react';
import {
  type ProductSort,
  useCreateProduct,
  useProductPages,
  useUpdateProduct,
} from '../api/products';
import { ImportWizard } from '../components/ImportWizard';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { ProductFormDialog } from './ProductFormDialog';
import { LoadMore } from '../components/LoadMore';
import * as WEB_MESSAGES from '@/config/messages';

const SORT_OPTIONS: { value: ProductSort; label: string }[] = [
  { value: 'name', label: 'Name A–Z' },
  { value: 'revenue', label: 'Highest revenue first' },
  { value: 'updatedAt', label: 'Recently changed' },
];
const isSort = (value: string): value is ProductSort =>
  SORT_OPTIONS.some((option) => option.value === value);

/** "3 parts from 2 sites", and how many of those parts have a single source. */
function billSummary(product: Product) {
  const parts = new Set(product.parts.map((line) => line.part.toLowerCase())).size;
  const sites = new Set(product.parts.map((line) => line.site.id)).size;
  const single = new Set(
    product.parts.filter((line) => line.singleSource).map((line) => line.part.toLowerCase()),
  ).size;
  return { parts, sites, single };
}

/**
 * The organization's products: what each brings in a day, the days its inventory covers, its
 * bill of materials and how many of its supplying sites an incident reaches now. Managers and
 * admins add, edit, archive, restore and import them.
 */
export function ProductsPanel({ canEdit }: { canEdit: boolean }) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text, SEARCH_DELAY_MS);
  const [sort, setSort] = useState<ProductSort>('name');
  const [archived, setArchived] = useState(false);
  const pages = useProductPages({ q, sort, archived });
  const currency = useCurrencySettings().data?.currency ?? null;

  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [archiving, setArchiving] = useState<Product | null>(null);
  const [importing, setImporting] = useState(false);
  const createProduct = useCreateProduct();
  const editProduct = useUpdateProduct({ errorToast: false });
  const archiveProduct = useUpdateProduct();

  const products = pages.data?.pages.flatMap((page) => page.products) ?? [];
  const total = pages.data?.pages[0]?.total ?? 0;
  const save = editing === 'new' ? createProduct : editProduct;
  const saveError =
    save.error instanceof ApiError
      ? save.error.message
      : save.error
        ? WEB_MESSAGES.suppliers.saveProductFailed
        : null;

  const submit = (input: ProductValues) => {
    const done = { onSuccess: () => setEditing(null) };
    if (editing === 'new') createProduct.mutate(input, done);
    else if (editing) editProduct.mutate({ productId: editing.id, change: input }, done);
  };

  const columns: (string | TableColumn)[] = [
    'Product',
    { label: 'Revenue per day', className: 'text-right' },
    { label: 'Cover', className: 'text-right' },
    'Bill of materials',
    'Sites hit now',
    ...(canEdit ? [{ label: 'Actions', srOnly: true, className: 'text-right' }] : []),
  ];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-56 flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search products"
            placeholder="Search SKU, name or part"
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="h-9 pl-9"
          />
        </div>
        <Select
          label="Sort"
          value={sort}
          onValueChange={(value) => isSort(value) && setSort(value)}
          options={SORT_OPTIONS}
        />
        <label className="flex h-9 items-center gap-2 px-1 text-sm">
          <Switch aria-label="Archived products" checked={archived} onCheckedChange={setArchived} />
          Archived
        </label>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {pages.data
            ? `${total.toLocaleString('en')} ${archived ? 'archived ' : ''}${total === 1 ? 'product' : 'products'}`
            : ''}
        </p>
        {canEdit ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setImporting(true)}>
              <Upload aria-hidden="true" className="size-4" />
              Import
            </Button>
            <Button
              size="sm"
              onClick={() => {
                createProduct.reset();
                setEditing('new');
              }}
            >
              <Plus aria-hidden="true" className="size-4" />
              Add product
            </Button>
          </div>
        ) : null}
      </div>

      {pages.isPending ? (
        <SectionSpinner label="Loading products..." />
      ) : pages.isError ? (
        <Alert tone="error">{pages.error.message}</Alert>
      ) : products.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-sm text-muted-foreground">
          {q || archived
            ? WEB_MESSAGES.suppliers.noProductsMatch
            : WEB_MESSAGES.suppliers.noProducts}
        </p>
      ) : (
        <div className="overflow-hidden rounded-lg border border-border bg-surface">
          <Table
            columns={columns}
            caption="Products"
            scrollLabel="Products"
            tableClassName="min-w-[52rem]"
            className={cn(pages.isPlaceholderData && 'opacity-60')}
          >
            {products.map((product) => {
              const bill = billSummary(product);
              return (
                <tr key={product.id} className="border-t border-border align-top">
                  <th scope="row" className="px-4 py-3 font-medium">
                    <span className="block">{product.name}</span>
                    <span className="block font-mono text-xs font-normal text-muted-foreground">
                      {product.sku}
                    </span>
                  </th>
                  <td className="px-4 py-3 text-right tabular-nums">
                    {product.revenuePerDay === null
                      ? '—'
                      : formatMoney(product.revenuePerDay, product.currency ?? currency)}
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">
                    {product.coverDays === 1 ? '1 day' : `${product.coverDays} days`}
                  </td>
                  <td className="px-4 py-3">
                    {bill.parts === 0 ? (
                      <span className="text-muted-foreground">No parts</span>
                    ) : (
                      <span className="flex flex-wrap items-center gap-1.5">
                        <span>
                          {bill.parts} {bill.parts === 1 ? 'part' : 'parts'} from {bill.sites}{' '}
                          {bill.sites === 1 ? 'site' : 'sites'}
                        </span>
                        {bill.single > 0 ? (
                          <Badge tone="orange">{bill.single} single-source</Badge>
                        ) : null}
                      </span>
                    )}
                    {bill.parts > 0 ? (
                      <span className="mt-1 line-clamp-2 block text-xs text-muted-foreground">
                        {product.parts.map((line) => `${line.part} · ${line.site.name}`).join('; ')}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-4 py-3">
                    {product.sitesExposed > 0 ? (
                      <Badge tone="red">
                        {product.sitesExposed} {product.sitesExposed === 1 ? 'site' : 'sites'}
                      </Badge>
                    ) : (
                      <span className="text-muted-foreground">None</span>
                    )}
                  </td>
                  {canEdit ? (
                    <td className="px-4 py-3">
                      <div className="flex justify-end gap-2">
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={`Edit ${product.name}`}
                          onClick={() => {
                            editProduct.reset();
                            setEditing(product);
                          }}
                        >
                          <Pencil aria-hidden="true" className="size-3.5" />
                          Edit
                        </Button>
                        {product.archivedAt ? (
                          <Button
                            variant="secondary"
                            size="sm"
                            aria-label={`Restore ${product.name}`}
                            disabled={archiveProduct.isPending}
                            onClick={() =>
                              archiveProduct.mutate({
                                productId: product.id,
                                change: { archived: false },
                              })
                            }
                          >
                            <ArchiveRestore aria-hidden="true" className="size-3.5" />
                            Restore
                          </Button>
                        ) : (
                          <Button
                            variant="secondary"
                            size="sm"
                            aria-label={`Archive ${product.name}`}
                            disabled={archiveProduct.isPending}
                            onClick={() => setArchiving(product)}
                          >
                            <Archive aria-hidden="true" className="size-3.5" />
                            Archive
                          </Button>
                        )}
                      </div>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </Table>
        </div>
      )}
      <LoadMore pages={pages} shown={products.length} total={total} />

      {editing !== null ? (
        <ProductFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
          {...(editing === 'new' ? {} : { product: editing })}
          pending={save.isPending}
          error={saveError}
          onSubmit={submit}
        />
      ) : null}
      <ConfirmDialog
        open={archiving !== null}
        onOpenChange={(open) => {
          if (!open) setArchiving(null);
        }}
        title="Archive product"
        description={WEB_MESSAGES.suppliers.productArchiveConfirm(archiving?.name ?? '')}
        confirmLabel="Archive"
        onConfirm={() => {
          if (archiving) {
            archiveProduct.mutate({ productId: archiving.id, change: { archived: true } });
          }
        }}
      />
      {canEdit ? (
        <ImportWizard kind="products" open={importing} onOpenChange={setImporting} />
      ) : null}
    </div>
  );
}
