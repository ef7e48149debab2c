import { Badge } from '@/components/ui/Badge';
import { Button, buttonClasses } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { ORGANIZATION_PAGE_MESSAGES } from '@/config/messages';
import { paths } from '@/config/paths';
import { INTERNAL_ORGANIZATION_PROTECTED, type Organization } from '@meridian/contracts';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDeleteOrganization } from '../api/delete-organization';

const COLUMNS = ['Name', 'Slug', 'Domain', 'Status', 'City', 'Country'] as const;

const orDash = (value: string | null) => value || '—';

export function OrganizationsTable({
  organizations,
  canManage,
}: {
  organizations: readonly Organization[];
  canManage: boolean;
}) {
  const deleteOrganization = useDeleteOrganization();
  const [deleting, setDeleting] = useState<Organization | null>(null);

  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[48rem] text-left text-sm">
          <thead className="bg-background/40 text-xs text-muted-foreground uppercase">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-4 py-2 font-medium">
                  {column}
                </th>
              ))}
              <th scope="col" className="px-4 py-2 text-right font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {organizations.map((organization) => (
              <tr key={organization.id} className="border-t border-border">
                <th scope="row" className="px-4 py-3 font-medium">
                  {organization.name}{' '}
                  {organization.isInternal ? (
                    <Badge tone="slate" className="ml-2">
                      Internal
                    </Badge>
                  ) : null}
                </th>
                <td className="px-4 py-3 font-mono text-xs">{organization.slug}</td>
                <td className="px-4 py-3">{orDash(organization.domain)}</td>
                <td className="px-4 py-3">
                  <Badge tone={organization.status === 'ACTIVE' ? 'green' : 'slate'}>
                    {organization.status}
                  </Badge>
                </td>
                <td className="px-4 py-3">{orDash(organization.city)}</td>
                <td className="px-4 py-3">{orDash(organization.country)}</td>
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-2">
                    {canManage ? (
                      <Link
                        to={paths.admin.organizationEdit.getHref(organization.id)}
                        aria-label={`Edit ${organization.name}`}
                        className={buttonClasses('secondary', 'sm')}
                      >
                        <Pencil aria-hidden="true" className="size-3.5" />
                        Edit
                      </Link>
                    ) : null}
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Delete ${organization.name}`}
                      disabled={
                        !canManage || organization.isInternal || deleteOrganization.isPending
                      }
                      title={organization.isInternal ? INTERNAL_ORGANIZATION_PROTECTED : undefined}
                      onClick={() => setDeleting(organization)}
                      className="text-danger-text"
                    >
                      <Trash2 aria-hidden="true" className="size-3.5" />
                      Delete
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete organization"
        description={ORGANIZATION_PAGE_MESSAGES.deleteConfirm(deleting?.name ?? '')}
        confirmLabel="Delete"
        confirmVariant="destructive"
        onConfirm={() => {
          if (deleting) deleteOrganization.mutate(deleting.id);
        }}
      />
    </>
  );
}
