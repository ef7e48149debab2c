import { Select } from '@/components/ui/Select';
import { cn } from '@/utils/cn';
import type { Scope } from '@meridian/contracts';
import { Filter } from 'lucide-react';

export const ATLAS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'shipments', label: 'Shipments' },
  { value: 'suppliers', label: 'Suppliers' },
  { value: 'incidents', label: 'Incidents' },
] as const;
export type AtlasFilter = (typeof ATLAS_FILTERS)[number]['value'];

const isAtlasFilter = (value: string): value is AtlasFilter =>
  ATLAS_FILTERS.some((filter) => filter.value === value);

const SCOPES: { value: Scope; label: string }[] = [
  { value: 'ORG', label: 'My organization' },
  { value: 'GLOBAL', label: 'Global' },
];

type AtlasToolbarProps = {
  filter: AtlasFilter;
  onFilterChange: (filter: AtlasFilter) => void;
  scope: Scope;
  onScopeChange: (scope: Scope) => void;
  summary: string;
};

/** Page title, the layer filter, the my-organization / global switch and what is shown. */
export function AtlasToolbar({
  filter,
  onFilterChange,
  scope,
  onScopeChange,
  summary,
}: AtlasToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-border bg-surface px-4 py-2.5 sm:px-6">
      <h1 className="text-lg font-semibold tracking-tight text-foreground">Atlas</h1>
      <Select
        label="Filter"
        value={filter}
        onValueChange={(value) => isAtlasFilter(value) && onFilterChange(value)}
        options={ATLAS_FILTERS}
        icon={<Filter aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />}
        className="w-40"
      />
      <div
        role="group"
        aria-label="Scope"
        className="inline-flex rounded-md border border-input bg-surface-muted p-0.5"
      >
        {SCOPES.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={scope === option.value}
            onClick={() => onScopeChange(option.value)}
            className={cn(
              'h-8 rounded px-3 text-sm font-medium transition-colors',
              'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              scope === option.value
                ? 'bg-surface text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {option.label}
          </button>
        ))}
      </div>
      <p aria-live="polite" className="text-xs text-muted-foreground sm:ml-auto">
        {summary}
      </p>
    </div>
  );
}
