import { Select } from '@/components/ui/Select';
import { setActiveOrganizationId, useActiveOrganizationId } from '@/lib/active-organization';
import { publicConfigQuery } from '@/lib/public-config';
import { useQueryClient } from '@tanstack/react-query';
import { Building } from 'lucide-react';
import { useEffect } from 'react';
import { organizationsQuery, useOrganizations } from '../api/get-organizations';

/**
 * Lets an internal user choose the organization to act as. The choice is stored, defaults to
 * the first listed organization, and reloads every organization-scoped query.
 */
export function OrganizationPicker({ className }: { className?: string }) {
  const organizations = useOrganizations();
  const activeId = useActiveOrganizationId();
  const queryClient = useQueryClient();
  const list = organizations.data;
  const firstId = list?.[0]?.id;
  const activeIsListed = Boolean(list?.some((organization) => organization.id === activeId));

  useEffect(() => {
    if (firstId && !activeIsListed) setActiveOrganizationId(firstId);
  }, [firstId, activeIsListed]);

  const choose = (organizationId: string) => {
    if (organizationId === activeId) return;
    setActiveOrganizationId(organizationId);
    // Data of the previous organization must not linger on screen while the new one loads.
    void queryClient.resetQueries({
      predicate: (query) =>
        query.queryKey[0] !== publicConfigQuery.queryKey[0] &&
        query.queryKey[0] !== organizationsQuery.queryKey[0],
    });
  };

  const placeholder = organizations.isError
    ? 'Organizations unavailable'
    : organizations.isPending
      ? 'Loading organizations...'
      : 'No organizations';

  return (
    <Select
      label="Active organization"
      value={activeIsListed && activeId ? activeId : undefined}
      onValueChange={choose}
      options={(list ?? []).map((organization) => ({
        value: organization.id,
        label: organization.name,
      }))}
      placeholder={placeholder}
      disabled={!list?.length}
      icon={<Building aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />}
      className={className}
    />
  );
}
