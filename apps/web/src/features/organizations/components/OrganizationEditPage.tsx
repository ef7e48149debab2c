import { PageContainer } from '@/components/layouts/PageContainer';
import { Alert } from '@/components/ui/Alert';
import { PageHeader } from '@/components/ui/PageHeader';
import { SectionSpinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { useOrganization } from '@/entities/organization/organization-api';
import { useNavigate, useParams } from 'react-router';
import { useUpdateOrganization } from '../api/update-organization';
import { OrganizationForm } from './OrganizationForm';

export function OrganizationEditPage() {
  const { organizationId = '' } = useParams();
  const navigate = useNavigate();
  const organization = useOrganization(organizationId);
  const update = useUpdateOrganization();

  return (
    <PageContainer className="max-w-4xl">
      <PageHeader title="Edit Organization" description={organization.data?.name} />
      {organization.isPending ? <SectionSpinner label="Loading organization..." /> : null}
      {organization.isError ? <Alert tone="error">{organization.error.message}</Alert> : null}
      {organization.data ? (
        <OrganizationForm
          // A fresh form per loaded record, so its values start from the saved ones.
          key={organization.data.id}
          organization={organization.data}
          submitLabel="Save Changes"
          isPending={update.isPending}
          error={update.error?.message ?? null}
          onSubmit={(values) =>
            update.mutate(
              { id: organizationId, values },
              { onSuccess: () => void navigate(paths.admin.organizations.getHref()) },
            )
          }
        />
      ) : null}
    </PageContainer>
  );
}
