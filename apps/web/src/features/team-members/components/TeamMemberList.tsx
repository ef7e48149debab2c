import { RoleBadge } from '@/components/RoleBadge';
import { Alert } from '@/components/ui/Alert';
import { buttonClasses } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { SectionSpinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { fullName } from '@/utils/format';
import type { User } from '@meridian/contracts';
import { Link } from 'react-router';
import { useUsers } from '../api/get-users';
import { PresenceBadge } from './PresenceBadge';

function MemberRow({ user, now }: { user: User; now: number }) {
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
      <td className="px-4 py-3 text-sm text-muted-foreground">{user.accountStatus}</td>
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

/** The users of the active organization with role, account status and presence. */
export function TeamMemberList() {
  const users = useUsers();
  // Presence is judged against the time the list arrived.
  const now = users.dataUpdatedAt;

  return (
    <Card aria-labelledby="members-heading" className="overflow-hidden">
      <h2 id="members-heading" className="px-5 pt-5 pb-3 text-base font-semibold">
        Members
      </h2>
      {users.isPending ? <SectionSpinner label="Loading users..." /> : null}
      {users.isError ? (
        <div className="px-5 pb-5">
          <Alert tone="error">{users.error.message}</Alert>
        </div>
      ) : null}
      {users.data ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="bg-background/40 text-xs text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Name
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Role
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Account
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Presence
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((user) => (
                <MemberRow key={user.id} user={user} now={now} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Card>
  );
}
