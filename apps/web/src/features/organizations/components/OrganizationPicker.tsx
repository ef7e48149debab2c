import { SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { setActiveOrganizationId, useActiveOrganizationId } from '@/lib/active-organization';
import { ApiError } from '@/lib/api-client';
import { useOrganization } from '@/entities/organization/organization-api';
import { queryKeys } from '@/lib/query-keys';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { SearchCombobox, pagedResults } from '@/components/ui/SearchCombobox';
import { useQueryClient } from '@tanstack/react-query';
import { Building } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useOrganizations } from '../api/get-organizations';

/**
 * Lets an internal user choose the organization to act as, among hundreds: a combobox whose
 * search asks the server (name or slug), 50 results at a time, more as the list scrolls. The
 * choice is stored, defaults to the first organization, and reloads every organization-scoped
 * query. The button names the active organization even when no loaded page lists it.
 */
export function OrganizationPicker({ className }: { className?: string }) {
  const activeId = useActiveOrganizationId();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);

  // The unsearched first page picks the default; the searched one is what the list shows.
  const firstPage = useOrganizations();
  // Cleared text shows the whole list at once, without waiting for the pause.
  const results = useOrganizations(text.trim() ? search : '');
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

  const choose = (organizationId: string) => {
    setActiveOrganizationId(organizationId);
    // Data of the previous organization must not linger on screen while the new one loads.
    void queryClient.resetQueries({
      predicate: (query) =>
        query.queryKey[0] !== queryKeys.publicConfig[0] &&
        query.queryKey[0] !== queryKeys.organizations.all[0],
    });
  };

  return (
    <SearchCombobox
      label="Active organization"
      value={activeId}
      valueLabel={active?.name}
      placeholder={
        firstPage.isError
          ? 'Organizations unavailable'
          : firstPage.isPending
            ? 'Loading organizations...'
            : 'No organizations'
      }
      icon={<Building aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />}
      disabled={!firstPage.organizations?.length}
      className={className}
      searchLabel="Find organization"
      searchPlaceholder="Search by name or slug"
      listLabel="Organizations"
      noun={{ one: 'organization', many: 'organizations' }}
      text={text}
      onTextChange={setText}
      search={search}
      results={pagedResults(
        results,
        options.map(({ id, name }) => ({ id, label: name })),
        results.total,
      )}
      onChoose={choose}
    />
  );
}
