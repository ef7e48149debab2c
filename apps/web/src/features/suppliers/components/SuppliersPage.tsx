import { PermissionNote } from '@/components/PermissionNote';
import { PageContainer } from '@/components/layouts/PageContainer';
import { PageHeader } from '@/components/ui/PageHeader';
import { cn } from '@/utils/cn';
import * as Tabs from '@radix-ui/react-tabs';
import { useSearchParams } from 'react-router';
import { useEditsSuppliers } from '../hooks/use-supplier-permissions';
import { ProductsPanel } from '../products/ProductsPanel';
import { ShipmentsPanel } from './ShipmentsPanel';
import { SitesPanel } from './SitesPanel';
import * as WEB_MESSAGES from '@/config/messages';

const TABS = [
  { value: 'sites', label: 'Suppliers & sites' },
  { value: 'products', label: 'Products' },
  { value: 'shipments', label: 'Shipments' },
] as const;
type Tab = (typeof TABS)[number]['value'];
const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab.value === value);

/** The organization's suppliers and other sites, and its shipments; the tab is in the URL. */
export function SuppliersPage() {
  const canEdit = useEditsSuppliers();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'sites';
  return (
    <PageContainer>
      <PageHeader title="Suppliers" description={WEB_MESSAGES.suppliers.description} />
      {canEdit ? null : <PermissionNote>{WEB_MESSAGES.suppliers.readOnly}</PermissionNote>}
      <Tabs.Root
        value={tab}
        onValueChange={(value) =>
          setSearch(value === 'sites' ? {} : { tab: value }, { replace: true })
        }
        className="flex flex-col gap-4"
      >
        <Tabs.List
          aria-label="Lists"
          className="inline-flex self-start rounded-md border border-input bg-surface-muted p-0.5"
        >
          {TABS.map((item) => (
            <Tabs.Trigger
              key={item.value}
              value={item.value}
              className={cn(
                'h-8 rounded px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground',
                'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                'data-[state=active]:bg-surface data-[state=active]:text-foreground data-[state=active]:shadow-sm',
              )}
            >
              {item.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="sites" className="focus-visible:outline-none">
          <SitesPanel canEdit={canEdit} />
        </Tabs.Content>
        <Tabs.Content value="products" className="focus-visible:outline-none">
          <ProductsPanel canEdit={canEdit} />
        </Tabs.Content>
        <Tabs.Content value="shipments" className="focus-visible:outline-none">
          <ShipmentsPanel canEdit={canEdit} />
        </Tabs.Content>
      </Tabs.Root>
    </PageContainer>
  );
}
