import { SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { setActiveOrganizationId, useActiveOrganizationId } from '@/lib/active-organization';
import { ApiError } from '@/lib/api-client';
import { useOrganization } from '@/entities/organization/organization-api';
import { queryKeys } from '@/lib/query-keys';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/utils/cn';
import { useQueryClient } from '@tanstack/react-query';
import { Building, Check, ChevronDown, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useOrganizations } from '../api/get-organizations';

/** How close to the end of the list (px) scrolling loads the next page. */
const LOAD_MORE_THRESHOLD_PX = 48;

/**
 * Lets an internal user choose the organization to act as, among hundreds: a combobox whose
 * search asks the server (name or slug), 50 results at a time, more as the list scrolls. The
 * choice is stored, defaults to the first organization, and reloads every organization-scoped
 * query. The button names the active organization even when no loaded page lists it.
 */
export function OrganizationPicker({ className }: { className?: string }) {
  const activeId = useActiveOrganizationId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [highlighted, setHighlighted] = useState(0);
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const listboxId = useId();
  const optionId = (organization: { id: string }) => `${listboxId}-${organization.id}`;

  // The unsearched first page picks the default; the searched one is what the list shows.
  const firstPage = useOrganizations();
  // Cleared text shows the whole list at once, without waiting for the pause.
  const results = useOrganizations(open && text.trim() ? search : '');
  const options = results.organizations ?? [];
  const listed = [...(firstPage.organizations ?? []), ...options].find(
    (organization) => organization.id === activeId,
  );
  const activeDetail = useOrganization(firstPage.organizations && !listed ? activeId : null);
  const active = listed ?? activeDetail.data;
  const firstId = firstPage.organizations?.[0]?.id;
  const activeIsGone = activeDetail.error instanceof ApiError && activeDetail.error.status === 404;

  useEffect(() => {
    if (firstId && (!activeId || activeIsGone)) setActiveOrganizationId(firstId);
  }, [firstId, activeId, activeIsGone]);

  // A new answer starts the highlight at the top.
  const [shownSearch, setShownSearch] = useState(search);
  if (shownSearch !== search) {
    setShownSearch(search);
    setHighlighted(0);
  }

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (wrapper.current?.contains(event.target as Node)) return;
      setOpen(false);
      setText('');
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const highlightedOption = options[Math.min(highlighted, options.length - 1)];
  const highlightedId = highlightedOption ? optionId(highlightedOption) : undefined;
  useEffect(() => {
    if (open && highlightedId) {
      document.getElementById(highlightedId)?.scrollIntoView({ block: 'nearest' });
    }
  }, [open, highlightedId]);

  const loadMore = () => {
    if (results.hasNextPage && !results.isFetchingNextPage) void results.fetchNextPage();
  };

  function openList() {
    const index = options.findIndex((organization) => organization.id === activeId);
    setHighlighted(Math.max(index, 0));
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    setText('');
    if (returnFocus) trigger.current?.focus();
  }

  const choose = (organizationId: string) => {
    close(true);
    if (organizationId === activeId) return;
    setActiveOrganizationId(organizationId);
    // Data of the previous organization must not linger on screen while the new one loads.
    void queryClient.resetQueries({
      predicate: (query) =>
        query.queryKey[0] !== queryKeys.publicConfig[0] &&
        query.queryKey[0] !== queryKeys.organizations.all[0],
    });
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (highlighted >= last) loadMore();
        setHighlighted(Math.min(highlighted + 1, Math.max(last, 0)));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setHighlighted(Math.max(highlighted - 1, 0));
        break;
      case 'PageDown':
        event.preventDefault();
        setHighlighted(Math.min(highlighted + 10, Math.max(last, 0)));
        break;
      case 'PageUp':
        event.preventDefault();
        setHighlighted(Math.max(highlighted - 10, 0));
        break;
      case 'Enter':
        event.preventDefault();
        if (highlightedOption) choose(highlightedOption.id);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  const placeholder = firstPage.isError
    ? 'Organizations unavailable'
    : firstPage.isPending
      ? 'Loading organizations...'
      : 'No organizations';

  const status = results.isError
    ? results.error.message
    : results.isPending
      ? 'Loading organizations...'
      : options.length === 0
        ? `No organization matches "${search}"`
        : results.hasNextPage
          ? `Showing ${options.length} of ${results.total}: type to narrow`
          : `${results.total} ${results.total === 1 ? 'organization' : 'organizations'}`;

  return (
    <div ref={wrapper} className={cn('relative', className)}>
      <button
        ref={trigger}
        type="button"
        role="combobox"
        aria-label="Active organization"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listboxId : undefined}
        disabled={!firstPage.organizations?.length}
        onClick={() => (open ? close(false) : openList())}
        onKeyDown={(event) => {
          if (!open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
            event.preventDefault();
            openList();
          }
        }}
        className={cn(
          'inline-flex h-9 w-full items-center gap-2 rounded-md border border-input bg-surface px-3 text-sm text-foreground',
          'hover:bg-surface-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          'disabled:cursor-not-allowed disabled:opacity-60',
        )}
      >
        <Building aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <span className={cn('min-w-0 truncate', !active && 'text-muted-foreground')}>
          {active?.name ?? placeholder}
        </span>
        <ChevronDown aria-hidden="true" className="ml-auto size-4 shrink-0 text-muted-foreground" />
      </button>
      {open ? (
        <div className="absolute top-full right-0 z-50 mt-1.5 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-border bg-surface text-foreground shadow-lg">
          <div className="relative border-b border-border p-2">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-4.5 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <input
              type="text"
              role="combobox"
              aria-label="Find organization"
              aria-autocomplete="list"
              aria-expanded="true"
              aria-controls={listboxId}
              aria-activedescendant={highlightedId}
              autoComplete="off"
              spellCheck={false}
              // The list opened for searching: typing goes straight into it.
              autoFocus
              placeholder="Search by name or slug"
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onSearchKeyDown}
              className="h-9 w-full rounded-md border border-input bg-background/40 pr-3 pl-8 text-sm placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none"
            />
          </div>
          <ul
            id={listboxId}
            role="listbox"
            aria-label="Organizations"
            aria-busy={results.isFetching}
            onScroll={(event) => {
              const list = event.currentTarget;
              if (list.scrollTop + list.clientHeight >= list.scrollHeight - LOAD_MORE_THRESHOLD_PX)
                loadMore();
            }}
            className={cn(
              'max-h-72 overflow-y-auto p-1',
              results.isPlaceholderData && 'opacity-60 transition-opacity',
            )}
          >
            {options.map((organization, index) => {
              const selected = organization.id === activeId;
              return (
                <li
                  key={organization.id}
                  id={optionId(organization)}
                  role="option"
                  aria-selected={selected}
                  onPointerMove={() => setHighlighted(index)}
                  // Keep the focus in the search box: the choice is made on click.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(organization.id)}
                  className={cn(
                    'relative flex cursor-pointer items-center rounded-md py-1.5 pr-8 pl-2 text-sm select-none',
                    index === highlighted && 'bg-surface-hover',
                    selected && 'font-medium',
                  )}
                >
                  <span className="min-w-0 truncate">{organization.name}</span>
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
        </div>
      ) : null}
    </div>
  );
}
