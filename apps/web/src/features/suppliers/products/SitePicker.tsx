import { SearchCombobox, pagedResults } from '@/components/ui/SearchCombobox';
import { SEARCH_DELAY_MS } from '@/config/constants';
import type { Site } from '@meridian/contracts';
import { useState } from 'react';
import { useSitePages } from '../api/get-sites';
import { useDebouncedValue } from '../hooks/use-debounced-value';

type SiteName = Pick<Site, 'id' | 'name' | 'externalRef'>;

export const siteLabel = (site: SiteName) =>
  site.externalRef ? `${site.name} (${site.externalRef})` : site.name;

/**
 * One of the organization's sites for a part of a product, however many it has: the search
 * asks the server (name, reference, city or product), 50 at a time, more as the list scrolls.
 */
export function SitePicker({
  part,
  value,
  known,
  onChange,
}: {
  /** The line's number in the bill of materials (1-based), which names the picker. */
  part: number;
  value: string;
  /** The sites the product already names, so that its lines read before any search. */
  known: readonly SiteName[];
  onChange: (siteId: string) => void;
}) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const [chosen, setChosen] = useState<SiteName | null>(null);
  const pages = useSitePages({
    q: text.trim() ? search : '',
    kind: null,
    criticality: null,
    sort: 'name',
    archived: false,
  });
  const sites = pages.data?.pages.flatMap((page) => page.sites) ?? [];
  const named = [chosen, ...known, ...sites].find((site) => site?.id === value);
  return (
    <SearchCombobox
      label={`Site of part ${part}`}
      value={value || null}
      valueLabel={named ? siteLabel(named) : undefined}
      placeholder="Choose a site"
      className="h-10 min-w-0"
      searchLabel={`Find the site of part ${part}`}
      searchPlaceholder="Search by name, reference or city"
      listLabel="Sites"
      noun={{ one: 'site', many: 'sites' }}
      text={text}
      onTextChange={setText}
      search={search}
      results={pagedResults(
        pages,
        sites.map((site) => ({ id: site.id, label: siteLabel(site) })),
        pages.data?.pages[0]?.total ?? null,
      )}
      onChoose={(siteId) => {
        setChosen(sites.find((site) => site.id === siteId) ?? null);
        onChange(siteId);
      }}
    />
  );
}
