import { ListFooter } from '@/components/ListFooter';
import { RoleBadge } from '@/components/RoleBadge';
import { Alert } from '@/components/ui/Alert';
import { buttonClasses } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { SectionSpinner } from '@/components/ui/Spinner';
import { Table, type TableColumn } from '@/components/ui/Table';
import { paths } from '@/config/paths';
import { cn } from '@/utils/cn';
import type { ListedUser } from '@/lib/readers';
import { fullName } from '@/utils/format';
import { Link } from 'react-router';
import { useUsers } from '../api/get-users';
import { useMemberFilters } from '../hooks/use-member-filters';
import { MemberFilters } from './MemberFilters';
import { PresenceBadge } from './PresenceBadge';
import * as WEB_MESSAGES from '@/config/messages';

const COLUMNS: readonly (string | TableColumn)[] = [
  'Name',
  'Role',
  'Account',
  'Presence',
  { label: 'Actions', srOnly: true, className: 'text-right' },
];

function MemberRow({ user, now }: { user: ListedUser; now: number }) {
  // An invited person has no name until they accept.
  const name = fullName(user) || user.email;
  return (
    <tr className="border-t border-border">
      <td className="px-4 py-3">
        <div className="font-medium">{name}</div>
        {name === user.email ? null : (
          <div className="text-xs text-muted-foreground">{user.email}</div>
        )}
      </td>
      <td className="px-4 py-3">
        <RoleBadge role={user.adminRole} />
      </td>
      <td className="px-4 py-3 text-sm text-muted-foreground">
        {/* The spec's list has no account status: a reply without it shows a dash. */}
        {user.accountStatus ?? '—'}
      </td>
      <td className="px-4 py-3">
        <PresenceBadge lastLoginAt={user.lastLoginAt} now={now} />
      </td>
      <td className="px-4 py-3 text-right">
        <Link
          to={paths.admin.teamMember.getHref(user.id)}
          aria-label={`Manage ${name}`}
          className={buttonClasses('secondary', 'sm')}
        >
          Manage
        </Link>
      </td>
    </tr>
  );
}

/**
 * The users of the active organization with role, account status and presence: searched,
 * filtered and sorted by the server, 50 at a time.
 */
export function TeamMemberList() {
  const filters = useMemberFilters();
  const users = useUsers(filters.view);
  // Presence is judged against the time the list arrived.
  const now = users.dataUpdatedAt;

  return (
    <Card aria-labelledby="members-heading" className="overflow-hidden">
      <h2 id="members-heading" className="px-5 pt-5 pb-3 text-base font-semibold">
        Members
      </h2>
      <MemberFilters filters={filters} />
      {users.isPending ? <SectionSpinner label="Loading users..." /> : null}
      {users.isError ? (
        <div className="px-5 pb-5">
          <Alert tone="error">{users.error.message}</Alert>
        </div>
      ) : null}
      {users.users ? (
        <>
          <Table
            columns={COLUMNS}
            tableClassName="min-w-[40rem]"
            // Earlier rows stay while another search loads; dimmed, they do not pass for its answer.
            bodyClassName={cn(users.isPlaceholderData && 'opacity-60 transition-opacity')}
          >
            {users.users.map((user) => (
              <MemberRow key={user.id} user={user} now={now} />
            ))}
            {users.users.length === 0 ? (
              <tr className="border-t border-border">
                <td
                  colSpan={COLUMNS.length}
                  className="px-4 py-6 text-center text-muted-foreground"
                >
                  {WEB_MESSAGES.team.noMembersMatch}
                </td>
              </tr>
            ) : null}
          </Table>
          <ListFooter
            shown={users.users.length}
            total={users.total}
            hasMore={users.hasNextPage}
            loadingMore={users.isFetchingNextPage}
            onLoadMore={() => void users.fetchNextPage()}
          />
        </>
      ) : null}
    </Card>
  );
}
