import { RoleBadge } from '@/components/RoleBadge';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/DropdownMenu';
import { paths } from '@/config/paths';
import type { User } from '@meridian/contracts';
import { fullName, initials } from '@/utils/format';
import {
  Bell,
  Building,
  ChevronDown,
  CreditCard,
  Factory,
  LogOut,
  Settings,
  Shield,
  UserRound,
  Users,
  UsersRound,
} from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import * as WEB_MESSAGES from '@/config/messages';

const MENU_LINKS = [
  { label: 'User Profile', href: paths.admin.profile.getHref(), Icon: UserRound },
  { label: 'Security', href: paths.admin.security.getHref(), Icon: Shield },
  { label: 'Notifications', href: paths.admin.notifications.getHref(), Icon: Bell },
  { label: 'Platform Setup', href: paths.admin.platformSetup.getHref(), Icon: Settings },
  { label: 'Team Members', href: paths.admin.teamMembers.getHref(), Icon: Users },
  { label: 'Team Groups', href: paths.admin.teamGroups.getHref(), Icon: UsersRound },
  { label: 'Suppliers', href: paths.admin.suppliers.getHref(), Icon: Factory },
  { label: 'Billing & Plans', href: paths.admin.billing.getHref(), Icon: CreditCard },
] as const;

function Avatar({ user }: { user: User }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-sky-700 text-xs font-semibold text-white dark:bg-sky-500 dark:text-slate-950"
    >
      {initials(user)}
    </span>
  );
}

type UserMenuProps = {
  user: User;
  /** Internal-domain users also get the Organizations entry. */
  showOrganizations: boolean;
  onSignOut: () => void;
};

export function UserMenu({ user, showOrganizations, onSignOut }: UserMenuProps) {
  const navigate = useNavigate();
  const [confirmingSignOut, setConfirmingSignOut] = useState(false);
  const name = fullName(user);
  const role = user.adminRole.toLowerCase();

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger className="flex items-center gap-2 rounded-md p-1 text-left hover:bg-surface-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:pr-2">
          <span className="sr-only">Open user menu for </span>
          <Avatar user={user} />
          <span className="sr-only flex-col leading-tight sm:not-sr-only sm:flex">
            <span className="max-w-40 truncate text-sm font-medium">{name}</span>
            <span className="text-xs text-muted-foreground">{role}</span>
          </span>
          <ChevronDown
            aria-hidden="true"
            className="hidden size-4 text-muted-foreground sm:block"
          />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuLabel className="flex items-center gap-3">
            <Avatar user={user} />
            <span className="flex min-w-0 flex-col">
              <span className="truncate font-medium">{name}</span>
              <span className="truncate text-xs text-muted-foreground">{user.email}</span>
              <RoleBadge role={user.adminRole} className="mt-1 self-start" />
            </span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuGroup>
            {MENU_LINKS.map(({ label, href, Icon }) => (
              <DropdownMenuItem key={href} onSelect={() => void navigate(href)}>
                <Icon aria-hidden="true" />
                {label}
              </DropdownMenuItem>
            ))}
            {showOrganizations ? (
              <DropdownMenuItem onSelect={() => void navigate(paths.admin.organizations.getHref())}>
                <Building aria-hidden="true" />
                Organizations
              </DropdownMenuItem>
            ) : null}
          </DropdownMenuGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            onSelect={() => setConfirmingSignOut(true)}
            className="text-danger-text [&_svg]:text-danger-text"
          >
            <LogOut aria-hidden="true" />
            Logout
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirmingSignOut}
        onOpenChange={setConfirmingSignOut}
        title="Sign out"
        description={WEB_MESSAGES.auth.signOutConfirm}
        confirmLabel="Sign out"
        onConfirm={onSignOut}
      />
    </>
  );
}
