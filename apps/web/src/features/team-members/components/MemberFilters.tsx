import { ADMIN_ROLE_LABELS } from '@/components/RoleBadge';
import { SearchInput } from '@/components/ui/SearchInput';
import { SegmentedControl } from '@/components/ui/SegmentedControl';
import { Select } from '@/components/ui/Select';
import {
  ACCOUNT_STATUSES,
  ADMIN_ROLES,
  type AccountStatus,
  type AdminRole,
} from '@meridian/contracts';
import {
  ALL,
  MEMBER_SORTS,
  type MemberSortKey,
  type useMemberFilters,
} from '../hooks/use-member-filters';

/** All, then Admin, Manager, Viewer: the order of rank. */
const ROLE_CHOICES: readonly { value: AdminRole | typeof ALL; label: string }[] = [
  { value: ALL, label: 'All' },
  ...[...ADMIN_ROLES].reverse().map((role) => ({ value: role, label: ADMIN_ROLE_LABELS[role] })),
];

const STATUS_LABELS = {
  ACTIVE: 'Active',
  PENDING: 'Pending (invited)',
  DEACTIVATED: 'Deactivated',
} as const satisfies Record<AccountStatus, string>;
const STATUS_OPTIONS = [
  { value: ALL, label: 'Any status' },
  ...ACCOUNT_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

const SORT_OPTIONS = Object.entries(MEMBER_SORTS).map(([value, { label }]) => ({ value, label }));

const isStatusChoice = (value: string): value is AccountStatus | typeof ALL =>
  STATUS_OPTIONS.some((option) => option.value === value);
const isSortKey = (value: string): value is MemberSortKey => Object.hasOwn(MEMBER_SORTS, value);

/** Search (name or e-mail), role, account status and order of the team list. */
export function MemberFilters({ filters }: { filters: ReturnType<typeof useMemberFilters> }) {
  return (
    <div role="search" aria-label="Members" className="flex flex-wrap items-center gap-2 px-5 pb-4">
      <SearchInput
        label="Search members"
        placeholder="Name or e-mail"
        value={filters.search.text}
        onValueChange={filters.search.change}
        className="min-w-[14rem] flex-1"
      />
      <SegmentedControl
        label="Filter by role"
        value={filters.adminRole}
        onValueChange={filters.setAdminRole}
        options={ROLE_CHOICES}
      />
      <Select
        label="Filter by status"
        value={filters.status}
        onValueChange={(value) => {
          if (isStatusChoice(value)) filters.setStatus(value);
        }}
        options={STATUS_OPTIONS}
        className="w-44"
      />
      <Select
        label="Sort by"
        value={filters.sortKey}
        onValueChange={(value) => {
          if (isSortKey(value)) filters.setSort(value);
        }}
        options={SORT_OPTIONS}
        className="w-56"
      />
    </div>
  );
}
