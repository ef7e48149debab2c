import { SectionSpinner } from '@/components/ui/Spinner';
import { useAuth } from '@/lib/auth';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AdminHeader } from './AdminHeader';

export function AdminLayout() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <AdminHeader user={user} />
      <main
        id="main-content"
        tabIndex={-1}
        className="flex min-h-0 flex-1 flex-col focus:outline-none"
      >
        <Suspense fallback={<SectionSpinner label="Loading..." />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
