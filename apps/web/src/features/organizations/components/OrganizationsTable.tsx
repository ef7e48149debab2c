import { Badge } from '@/components/ui/Badge';
import { Button, buttonClasses } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Table, type TableColumn } from '@/components/ui/Table';
import { paths } from '@/config/paths';
import { cn } from '@/utils/cn';
import type { ListedOrganization } from '@/lib/readers';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDeleteOrganization } from '../api/delete-organization';
import * as WEB_MESSAGES from '@/config/messages';
import * as API_MESSAGES from '@meridian/contracts/messages';

const COLUMNS: readonly (string | TableColumn)[] = [
  'Name',
  'Slug',
  'Domain',
  'Status',
  'City',
  'Country',
  { label: 'Actions', srOnly: true, className: 'text-right' },
];

// The spec's list gives only id and name: the other columns show a dash without them.
const DASH = '—';
const orDash = (value: string | null | undefined) => value || DASH;

export function OrganizationsTable({
  organizations,
  canManage,
  stale = false,
}: {
  organizations: readonly ListedOrganization[];
  canManage: boolean;
  /** Rows of the previous search, shown dimmed while the new one loads. */
  stale?: boolean;
}) {
  const deleteOrganization = useDeleteOrganization();
  const [deleting, setDeleting] = useState<ListedOrganization | null>(null);

  return (
    <>
      <Table
        columns={COLUMNS}
        tableClassName="min-w-[48rem]"
        bodyClassName={cn(stale && 'opacity-60 transition-opacity')}
      >
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
            <td className="px-4 py-3 font-mono text-xs">{orDash(organization.slug)}</td>
            <td className="px-4 py-3">{orDash(organization.domain)}</td>
            <td className="px-4 py-3">
              {organization.status ? (
                <Badge tone={organization.status === 'ACTIVE' ? 'green' : 'slate'}>
                  {organization.status}
                </Badge>
              ) : (
                DASH
              )}
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
                  disabled={!canManage || organization.isInternal || deleteOrganization.isPending}
                  title={
                    organization.isInternal
                      ? API_MESSAGES.organization.internalProtected
                      : undefined
                  }
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
        {organizations.length === 0 ? (
          <tr className="border-t border-border">
            <td colSpan={COLUMNS.length} className="px-4 py-6 text-center text-muted-foreground">
              {WEB_MESSAGES.organizationPage.noneMatch}
            </td>
          </tr>
        ) : null}
      </Table>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete organization"
        description={WEB_MESSAGES.organizationPage.deleteConfirm(deleting?.name ?? '')}
        confirmLabel="Delete"
        confirmVariant="destructive"
        onConfirm={() => {
          if (deleting) deleteOrganization.mutate(deleting.id);
        }}
      />
    </>
  );
}
