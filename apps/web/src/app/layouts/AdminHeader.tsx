import { BrandMark } from '@/components/BrandMark';
import { ThemeToggle } from '@/components/ThemeToggle';
import { paths } from '@/config/paths';
import { NotificationBell } from '@/features/notifications/components/NotificationBell';
import { OrganizationPicker } from '@/features/organizations/components/OrganizationPicker';
import { useAuth } from '@/lib/auth';
import { isInternalUser } from '@/lib/auth-access';
import { usePublicConfig } from '@/lib/public-config';
import type { User } from '@meridian/contracts';
import { Link, useNavigate } from 'react-router';
import { AdminNav } from './AdminNav';
import { UserMenu } from './UserMenu';

/**
 * Product name, section tabs, organization picker (internal users), notifications, theme and
 * user menu.
 */
export function AdminHeader({ user }: { user: User }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const config = usePublicConfig();
  const internal = isInternalUser(user, config.data?.internalDomain);

  const signOutAndLeave = () => {
    signOut();
    void navigate(paths.login.getHref(), { replace: true });
  };

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 sm:px-6">
        <Link
          to={paths.admin.atlas.getHref()}
          className="rounded-md text-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <BrandMark />
        </Link>
        <AdminNav className="order-last w-full lg:order-none lg:w-auto" />
        <div className="ml-auto flex items-center gap-2">
          {internal ? <OrganizationPicker className="hidden w-56 md:inline-flex" /> : null}
          <NotificationBell />
          <ThemeToggle />
          <UserMenu user={user} showOrganizations={internal} onSignOut={signOutAndLeave} />
        </div>
      </div>
    </header>
  );
}
