import { PageContainer } from '@/components/layouts/PageContainer';
import { ListFooter } from '@/components/ListFooter';
import { PermissionNote } from '@/components/PermissionNote';
import { Alert } from '@/components/ui/Alert';
import { buttonClasses } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { PageHeader } from '@/components/ui/PageHeader';
import { SearchInput } from '@/components/ui/SearchInput';
import { SectionSpinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { useSearchTextParam } from '@/lib/use-query-params';
import { cn } from '@/utils/cn';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { useOrganizations } from '../api/get-organizations';
import { usePlatformAdmin } from '@/lib/use-platform-admin';
import { AccountRequestsSection } from './AccountRequestsSection';
import { OrganizationsTable } from './OrganizationsTable';
import * as WEB_MESSAGES from '@/config/messages';

export function OrganizationsPage() {
  const search = useSearchTextParam('q');
  const organizations = useOrganizations(search.search);
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
        <PermissionNote>{WEB_MESSAGES.organizationPage.platformAdminRequired}</PermissionNote>
      )}
      <Card aria-labelledby="organizations-heading" className="overflow-hidden">
        <h2 id="organizations-heading" className="px-5 pt-5 pb-3 text-base font-semibold">
          All organizations
        </h2>
        <div role="search" aria-label="Organizations" className="px-5 pb-4">
          <SearchInput
            label="Search organizations"
            placeholder="Name or slug"
            value={search.text}
            onValueChange={search.change}
            className="max-w-md"
          />
        </div>
        {organizations.isPending ? <SectionSpinner label="Loading organizations..." /> : null}
        {organizations.isError ? (
          <div className="px-5 pb-5">
            <Alert tone="error">{organizations.error.message}</Alert>
          </div>
        ) : null}
        {organizations.organizations ? (
          <>
            <OrganizationsTable
              organizations={organizations.organizations}
              canManage={platformAdmin}
              stale={organizations.isPlaceholderData}
            />
            <ListFooter
              shown={organizations.organizations.length}
              total={organizations.total}
              hasMore={organizations.hasNextPage}
              loadingMore={organizations.isFetchingNextPage}
              onLoadMore={() => void organizations.fetchNextPage()}
            />
          </>
        ) : null}
      </Card>
      {platformAdmin ? <AccountRequestsSection /> : null}
    </PageContainer>
  );
}
