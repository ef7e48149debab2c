import { PageContainer } from '@/components/layouts/PageContainer';
import { PermissionNote } from '@/components/PermissionNote';
import { Alert } from '@/components/ui/Alert';
import { buttonClasses } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { PageHeader } from '@/components/ui/PageHeader';
import { SectionSpinner } from '@/components/ui/Spinner';
import { ORGANIZATION_PAGE_MESSAGES } from '@/config/messages';
import { paths } from '@/config/paths';
import { cn } from '@/utils/cn';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { useOrganizations } from '../api/get-organizations';
import { usePlatformAdmin } from '../hooks/use-platform-admin';
import { AccountRequestsSection } from './AccountRequestsSection';
import { OrganizationsTable } from './OrganizationsTable';

export function OrganizationsPage() {
  const organizations = useOrganizations();
  const platformAdmin = usePlatformAdmin();

  return (
    <PageContainer>
      <PageHeader
        title="Organizations"
        description="Every organization on the platform"
        actions={
          <Link
            to={paths.admin.organizationNew.getHref()}
            aria-disabled={!platformAdmin || undefined}
            tabIndex={platformAdmin ? undefined : -1}
            className={cn(
              buttonClasses('primary'),
              !platformAdmin && 'pointer-events-none opacity-60',
            )}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add Organization
          </Link>
        }
      />
      {platformAdmin ? null : (
        <PermissionNote>{ORGANIZATION_PAGE_MESSAGES.platformAdminRequired}</PermissionNote>
      )}
      <Card aria-labelledby="organizations-heading" className="overflow-hidden">
        <h2 id="organizations-heading" className="px-5 pt-5 pb-3 text-base font-semibold">
          All organizations
        </h2>
        {organizations.isPending ? <SectionSpinner label="Loading organizations..." /> : null}
        {organizations.isError ? (
          <div className="px-5 pb-5">
            <Alert tone="error">{organizations.error.message}</Alert>
          </div>
        ) : null}
        {organizations.data ? (
          <OrganizationsTable organizations={organizations.data} canManage={platformAdmin} />
        ) : null}
      </Card>
      {platformAdmin ? <AccountRequestsSection /> : null}
    </PageContainer>
  );
}
