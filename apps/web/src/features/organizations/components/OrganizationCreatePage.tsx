import { PageContainer } from '@/components/layouts/PageContainer';
import { PageHeader } from '@/components/ui/PageHeader';
import { paths } from '@/config/paths';
import { useNavigate } from 'react-router';
import { useCreateOrganization } from '../api/create-organization';
import { OrganizationForm } from './OrganizationForm';

export function OrganizationCreatePage() {
  const navigate = useNavigate();
  const create = useCreateOrganization();
  return (
    <PageContainer className="max-w-4xl">
      <PageHeader title="Add Organization" description="A new customer organization" />
      <OrganizationForm
        submitLabel="Create Organization"
        isPending={create.isPending}
        error={create.error?.message ?? null}
        onSubmit={(values) =>
          create.mutate(values, {
            onSuccess: () => void navigate(paths.admin.organizations.getHref()),
          })
        }
      />
    </PageContainer>
  );
}
