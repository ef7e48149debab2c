import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/Popover';
import { cn } from '@/utils/cn';
import { Check, ChevronDown, Search } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from 'react';

/** How close to the end of the list (px) scrolling loads the next page. */
const LOAD_MORE_THRESHOLD_PX = 48;

export type ComboboxOption = { id: string; label: string };

/** What the server answered for the current search, page by page. */
export type ComboboxResults = {
  options: readonly ComboboxOption[];
  /** Every match, when the server says. */
  total: number | null;
  pending: boolean;
  error: string | null;
  fetching: boolean;
  /** The previous search's answer, shown while the new one loads. */
  stale: boolean;
  hasMore: boolean;
  loadMore: () => void;
};

/** The state of a paged query (TanStack's infinite query) as a combobox shows it. */
type PagedQuery = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  isFetching: boolean;
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/** A paged query's answer for the combobox: its options, with how many match in all. */
export const pagedResults = (
  query: PagedQuery,
  options: readonly ComboboxOption[],
  total: number | null,
): ComboboxResults => ({
  options,
  total,
  pending: query.isPending,
  error: query.isError ? (query.error?.message ?? null) : null,
  fetching: query.isFetching,
  stale: query.isPlaceholderData,
  hasMore: query.hasNextPage,
  loadMore: () => {
    if (!query.isFetchingNextPage) void query.fetchNextPage();
  },
});

/**
 * Picks one among more records than a list can hold: a button (role combobox) opens a search
 * box whose text the caller sends to the server, the answers 50 at a time, more as the list
 * scrolls or the arrow keys pass its end. The button names the value even when no loaded page
 * lists it (`valueLabel`).
 */
export function SearchCombobox({
  label,
  value,
  valueLabel,
  placeholder,
  icon,
  disabled = false,
  className,
  searchLabel,
  searchPlaceholder,
  listLabel,
  noun,
  text,
  onTextChange,
  search,
  results,
  onChoose,
}: {
  /** The button's accessible name. */
  label: string;
  value: string | null;
  valueLabel: string | undefined;
  /** The button's text while nothing is chosen. */
  placeholder: string;
  icon?: ReactNode;
  disabled?: boolean;
  className?: string;
  searchLabel: string;
  searchPlaceholder: string;
  listLabel: string;
  /** What one and several options are called ("organization", "organizations"). */
  noun: { one: string; many: string };
  /** The search box's text, and the search the results answer (debounced by the caller). */
  text: string;
  onTextChange: (text: string) => void;
  search: string;
  results: ComboboxResults;
  onChoose: (id: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(0);
  const listboxId = useId();
  const optionId = (option: ComboboxOption) => `${listboxId}-${option.id}`;
  const { options } = results;

  // A new answer starts the highlight at the top.
  const [shownSearch, setShownSearch] = useState(search);
  if (shownSearch !== search) {
    setShownSearch(search);
    setHighlighted(0);
  }

  const shown = Math.min(highlighted, options.length - 1);
  const highlightedOption = options[shown];
  // The list answers the text typed: not while the search waits for its pause or loads.
  const settled = text.trim() === search && !results.stale;
  const highlightedId = highlightedOption ? optionId(highlightedOption) : undefined;
  useEffect(() => {
    if (open && highlightedId) {
      document.getElementById(highlightedId)?.scrollIntoView({ block: 'nearest' });
    }
  }, [open, highlightedId]);

  const loadMore = () => {
    if (results.hasMore && !results.fetching) results.loadMore();
  };

  const setOpenWithSearch = (next: boolean) => {
    if (next)
      setHighlighted(
        Math.max(
          options.findIndex((option) => option.id === value),
          0,
        ),
      );
    else onTextChange('');
    setOpen(next);
  };

  const choose = (id: string) => {
    setOpenWithSearch(false);
    if (id !== value) onChoose(id);
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = Math.max(options.length - 1, 0);
    const move = (to: number) => {
      event.preventDefault();
      setHighlighted(Math.min(Math.max(to, 0), last));
    };
    switch (event.key) {
      case 'ArrowDown':
        if (highlighted >= options.length - 1) loadMore();
        move(highlighted + 1);
        break;
      case 'ArrowUp':
        move(highlighted - 1);
        break;
      case 'PageDown':
        move(highlighted + 10);
        break;
      case 'PageUp':
        move(highlighted - 10);
        break;
      case 'Enter':
        event.preventDefault();
        if (highlightedOption && settled) choose(highlightedOption.id);
        break;
      case 'Tab':
        setOpenWithSearch(false);
        break;
    }
  };

  const count = results.total ?? options.length;
  const status = results.error
    ? results.error
    : results.pending
      ? `Loading ${noun.many}...`
      : options.length === 0
        ? search
          ? `No ${noun.one} matches "${search}"`
          : `No ${noun.many}`
        : results.hasMore
          ? `Showing ${options.length}${results.total === null ? '' : ` of ${results.total}`}: type to narrow`
          : `${count} ${count === 1 ? noun.one : noun.many}`;

  return (
    <Popover open={open} onOpenChange={setOpenWithSearch}>
      <PopoverTrigger
        role="combobox"
        aria-label={label}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listboxId : undefined}
        disabled={disabled}
        onKeyDown={(event) => {
          if (!open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
            event.preventDefault();
            setOpenWithSearch(true);
          }
        }}
        className={cn(
          'inline-flex h-9 w-full items-center gap-2 rounded-md border border-input bg-surface px-3 text-sm text-foreground',
          'hover:bg-surface-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          'disabled:cursor-not-allowed disabled:opacity-60',
          className,
        )}
      >
        {icon}
        <span className={cn('min-w-0 truncate', !valueLabel && 'text-muted-foreground')}>
          {valueLabel ?? placeholder}
        </span>
        <ChevronDown aria-hidden="true" className="ml-auto size-4 shrink-0 text-muted-foreground" />
      </PopoverTrigger>
      <PopoverContent
        align="end"
        aria-label={listLabel}
        className="w-80 max-w-[calc(100vw-2rem)] min-w-[var(--radix-popover-trigger-width)]"
      >
        <div className="relative border-b border-border p-2">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-4.5 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <input
            type="text"
            role="combobox"
            aria-label={searchLabel}
            aria-autocomplete="list"
            aria-expanded="true"
            aria-controls={listboxId}
            aria-activedescendant={highlightedId}
            autoComplete="off"
            spellCheck={false}
            // The list opened for searching: typing goes straight into it.
            autoFocus
            placeholder={searchPlaceholder}
            value={text}
            onChange={(event) => onTextChange(event.target.value)}
            onKeyDown={onSearchKeyDown}
            className="h-9 w-full rounded-md border border-input bg-background/40 pr-3 pl-8 text-sm placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none"
          />
        </div>
        <ul
          id={listboxId}
          role="listbox"
          aria-label={listLabel}
          aria-busy={results.fetching}
          onScroll={(event) => {
            const list = event.currentTarget;
            if (list.scrollTop + list.clientHeight >= list.scrollHeight - LOAD_MORE_THRESHOLD_PX)
              loadMore();
          }}
          className={cn(
            'max-h-72 overflow-y-auto p-1',
            results.stale && 'opacity-60 transition-opacity',
          )}
        >
          {options.map((option, index) => {
            const selected = option.id === value;
            return (
              <li
                key={option.id}
                id={optionId(option)}
                role="option"
                aria-selected={selected}
                onPointerMove={() => setHighlighted(index)}
                // Keep the focus in the search box: the choice is made on click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option.id)}
                className={cn(
                  'relative flex cursor-pointer items-center rounded-md py-1.5 pr-8 pl-2 text-sm select-none',
                  index === shown && 'bg-surface-hover',
                  selected && 'font-medium',
                )}
              >
                <span className="min-w-0 truncate">{option.label}</span>
                {selected ? (
                  <Check
                    aria-hidden="true"
                    className="absolute right-2 size-4 shrink-0 text-primary"
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
        <p
          role="status"
          aria-live="polite"
          className="border-t border-border px-3 py-2 text-xs text-muted-foreground"
        >
          {status}
        </p>
      </PopoverContent>
    </Popover>
  );
}
