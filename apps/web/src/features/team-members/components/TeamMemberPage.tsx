import { PageContainer } from '@/components/layouts/PageContainer';
import { PermissionNote } from '@/components/PermissionNote';
import { ADMIN_ROLE_LABELS, RoleBadge } from '@/components/RoleBadge';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { PageHeader } from '@/components/ui/PageHeader';
import { Select, type SelectOption } from '@/components/ui/Select';
import { SectionSpinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import type { ReadUser } from '@/lib/readers';
import { fullName } from '@/utils/format';
import {
  ACCOUNT_STATUSES,
  ADMIN_ROLES,
  PLATFORM_ROLES,
  type UserUpdate,
} from '@meridian/contracts';
import { ArrowLeft, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useDeleteUser } from '../api/delete-user';
import { useUser } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { useTeamPermissions } from '../hooks/use-team-permissions';
import { MemberSessions } from './MemberSessions';
import { MemberTwoFactor } from './MemberTwoFactor';
import { PresenceBadge } from './PresenceBadge';
import * as WEB_MESSAGES from '@/config/messages';

const SETTABLE_STATUSES = ['ACTIVE', 'DEACTIVATED'] as const;

const optionsOf = <T extends string>(values: readonly T[], label: (value: T) => string = String) =>
  values.map((value): SelectOption => ({ value, label: label(value) }));

/** The three settings an admin changes, each sent alone as soon as it changes. */
const SETTINGS = [
  {
    // PENDING means "invited, never activated": shown for such a user, never chosen.
    field: 'accountStatus',
    label: 'Account status',
    values: SETTABLE_STATUSES,
    options: ACCOUNT_STATUSES.map((status): SelectOption => ({
      value: status,
      label: status === 'PENDING' ? 'PENDING (invited)' : status,
      disabled: !(SETTABLE_STATUSES as readonly string[]).includes(status),
    })),
  },
  {
    field: 'adminRole',
    label: 'Admin role',
    values: ADMIN_ROLES,
    options: optionsOf(ADMIN_ROLES, (role) => ADMIN_ROLE_LABELS[role]),
  },
  {
    field: 'role',
    label: 'Platform role',
    values: PLATFORM_ROLES,
    options: optionsOf(PLATFORM_ROLES),
  },
] as const;

type SettingField = (typeof SETTINGS)[number]['field'];

function changeOf(field: SettingField, value: string): UserUpdate | null {
  const setting = SETTINGS.find((candidate) => candidate.field === field);
  if (!setting || !(setting.values as readonly string[]).includes(value)) return null;
  return { [field]: value };
}

function ManageUser({ user, loadedAt }: { user: ReadUser; loadedAt: number }) {
  const navigate = useNavigate();
  const { manageBlockedReason, platformRoleBlockedReason } = useTeamPermissions();
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser({
    onDeleted: () => void navigate(paths.admin.teamMembers.getHref()),
  });
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const blockedReason = manageBlockedReason(user);
  const disabled = blockedReason !== null || updateUser.isPending || deleteUser.isPending;
  // Platform roles this user may not grant stay listed, greyed out, with the reason below.
  const platformRoleReasons = new Map<string, string | null>(
    PLATFORM_ROLES.filter((role) => role !== user.role).map((role) => [
      role,
      platformRoleBlockedReason(user, role),
    ]),
  );
  const optionsFor = (setting: (typeof SETTINGS)[number]): SelectOption[] => {
    if (setting.field === 'role') {
      return setting.options.map((option) => ({
        ...option,
        disabled: Boolean(platformRoleReasons.get(option.value)),
      }));
    }
    // An invited user becomes active by accepting the invitation, not by an admin's choice.
    if (setting.field === 'accountStatus' && user.accountStatus === 'PENDING') {
      return setting.options.map((option) =>
        option.value === 'ACTIVE' ? { ...option, disabled: true } : option,
      );
    }
    return [...setting.options];
  };
  const platformRoleNotes = blockedReason
    ? []
    : [...new Set([...platformRoleReasons.values()].filter((reason) => reason !== null))];

  const change = (field: SettingField, value: string) => {
    const update = changeOf(field, value);
    if (update && value !== user[field]) updateUser.mutate({ userId: user.id, change: update });
  };

  return (
    <>
      <Card aria-labelledby="user-heading" className="flex flex-col gap-5 p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="user-heading" className="text-lg font-semibold">
              {fullName(user) || user.email}
            </h2>
            <p className="text-sm text-muted-foreground">{user.email}</p>
          </div>
          <div className="flex items-center gap-2">
            <RoleBadge role={user.adminRole} />
            <PresenceBadge lastLoginAt={user.lastLoginAt} now={loadedAt} />
          </div>
        </div>
        {blockedReason ? <PermissionNote>{blockedReason}</PermissionNote> : null}
        <div className="grid gap-4 sm:grid-cols-3">
          {SETTINGS.map((setting) => (
            <div key={setting.field} className="flex flex-col gap-1.5">
              <span aria-hidden="true" className="text-sm font-medium">
                {setting.label}
              </span>
              <Select
                label={setting.label}
                value={user[setting.field]}
                onValueChange={(value) => change(setting.field, value)}
                options={optionsFor(setting)}
                disabled={disabled}
                className="h-10 w-full"
              />
            </div>
          ))}
        </div>
        {platformRoleNotes.map((note) => (
          <PermissionNote key={note}>{note}</PermissionNote>
        ))}
      </Card>
      {blockedReason === null ? <MemberTwoFactor userId={user.id} /> : null}
      {blockedReason === null ? <MemberSessions userId={user.id} /> : null}
      <Card aria-labelledby="danger-heading" className="flex flex-col gap-3 p-5">
        <h2 id="danger-heading" className="text-base font-semibold">
          Delete user
        </h2>
        <p className="text-sm text-muted-foreground">
          Removes the account and ends its sessions. This cannot be undone.
        </p>
        <div>
          <Button
            variant="destructive"
            disabled={disabled}
            onClick={() => setConfirmingDelete(true)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </Button>
        </div>
      </Card>
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title="Delete user"
        description={WEB_MESSAGES.team.deleteConfirm}
        confirmLabel="Delete"
        confirmVariant="destructive"
        onConfirm={() => deleteUser.mutate(user.id)}
      />
    </>
  );
}

export function TeamMemberPage() {
  const { userId = '' } = useParams();
  const user = useUser(userId);

  return (
    <PageContainer className="max-w-3xl">
      <Link
        to={paths.admin.teamMembers.getHref()}
        className="inline-flex items-center gap-1.5 self-start text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Team Members
      </Link>
      <PageHeader title="Team Member" description="Account status, roles and removal" />
      {user.isPending ? <SectionSpinner label="Loading user..." /> : null}
      {user.isError ? <Alert tone="error">{user.error.message}</Alert> : null}
      {user.data ? <ManageUser user={user.data} loadedAt={user.dataUpdatedAt} /> : null}
    </PageContainer>
  );
}
