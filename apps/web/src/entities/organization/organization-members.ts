import { useQuery } from '@tanstack/react-query';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { queryKeys } from '@/lib/query-keys';
import { getUsers } from '@/entities/user/users-api';

/** A picker lists up to the API's page maximum of active members, by name. */
const MEMBER_PICKER_SIZE = 100;

/** The active organization's active members, for pickers (assignee, owner). */
export function useOrganizationMembers({ enabled }: { enabled: boolean }) {
  const organizationId = useActiveOrganizationId();
  return useQuery({
    queryKey: queryKeys.users.members(organizationId),
    queryFn: async ({ signal }) =>
      (await getUsers({ status: 'ACTIVE', sort: 'name' }, null, signal, MEMBER_PICKER_SIZE)).users,
    enabled,
  });
}
