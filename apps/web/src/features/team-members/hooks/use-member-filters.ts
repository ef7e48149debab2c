import { useQueryParams, useSearchTextParam } from '@/lib/use-query-params';
import {
  ACCOUNT_STATUSES,
  ADMIN_ROLES,
  type AccountStatus,
  type AdminRole,
  type SortDirection,
  type UserSort,
} from '@meridian/contracts';
import type { UserListView } from '../api/get-users';

/** The list's orders, as the Sort menu offers them; the URL keeps the key (`?sort=-lastLoginAt`). */
export const MEMBER_SORTS = {
  name: { sort: 'name', direction: 'asc', label: 'Name (A–Z)' },
  '-name': { sort: 'name', direction: 'desc', label: 'Name (Z–A)' },
  email: { sort: 'email', direction: 'asc', label: 'E-mail (A–Z)' },
  '-lastLoginAt': { sort: 'lastLoginAt', direction: 'desc', label: 'Last sign-in, recent first' },
  lastLoginAt: { sort: 'lastLoginAt', direction: 'asc', label: 'Last sign-in, oldest first' },
  '-createdAt': { sort: 'createdAt', direction: 'desc', label: 'Newest members first' },
  createdAt: { sort: 'createdAt', direction: 'asc', label: 'Oldest members first' },
} as const satisfies Record<string, { sort: UserSort; direction: SortDirection; label: string }>;
export type MemberSortKey = keyof typeof MEMBER_SORTS;
const DEFAULT_SORT: MemberSortKey = 'name';

/** "All" stands for no filter in the controls; it never reaches the URL or the server. */
export const ALL = 'ALL' as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

/**
 * The team list's search, filters and sort, kept in the URL's query string
 * (`?q=ada&role=ADMIN&status=ACTIVE&sort=-lastLoginAt`) so a view survives a reload and can be
 * shared as a link. Unknown values in a hand-edited URL fall back to the defaults.
 */
export function useMemberFilters() {
  const { params, setParam } = useQueryParams();
  const search = useSearchTextParam('q');
  const adminRole = oneOf<AdminRole>(ADMIN_ROLES, params.get('role'));
  const status = oneOf<AccountStatus>(ACCOUNT_STATUSES, params.get('status'));
  const sortParam = params.get('sort') ?? '';
  const sortKey: MemberSortKey = Object.hasOwn(MEMBER_SORTS, sortParam)
    ? (sortParam as MemberSortKey)
    : DEFAULT_SORT;

  const { sort, direction } = MEMBER_SORTS[sortKey];
  const view: UserListView = { q: search.search || undefined, adminRole, status, sort, direction };

  return {
    search,
    adminRole: adminRole ?? ALL,
    status: status ?? ALL,
    sortKey,
    view,
    filtered: Boolean(view.q || adminRole || status),
    setAdminRole: (value: AdminRole | typeof ALL) =>
      setParam('role', value === ALL ? undefined : value),
    setStatus: (value: AccountStatus | typeof ALL) =>
      setParam('status', value === ALL ? undefined : value),
    setSort: (value: MemberSortKey) => setParam('sort', value === DEFAULT_SORT ? undefined : value),
  };
}
