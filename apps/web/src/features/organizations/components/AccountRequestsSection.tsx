import { CopyableLink } from '@/components/CopyableLink';
import { ListFooter } from '@/components/ListFooter';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { SectionSpinner, Spinner } from '@/components/ui/Spinner';
import { zodResolver } from '@hookform/resolvers/zod';
import { AccountRequestApproval, emailDomain, type AccountRequest } from '@meridian/contracts';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useApproveAccountRequest } from '../api/approve-account-request';
import { useAccountRequests } from '../api/get-account-requests';
import { useDismissAccountRequest } from '../api/dismiss-account-request';

type Approved = { email: string; inviteUrl: string };

/** A starting point from the requester's e-mail domain: acme-freight.com → "Acme Freight". */
function suggestedOrganization(email: string): AccountRequestApproval {
  const label = emailDomain(email).split('.')[0] ?? '';
  const slug = label.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
  const name = label
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
  return { name, slug };
}

function ApproveForm({
  request,
  onApproved,
  onCancel,
}: {
  request: AccountRequest;
  onApproved: (approved: Approved) => void;
  onCancel: () => void;
}) {
  const approve = useApproveAccountRequest();
  const form = useForm<AccountRequestApproval>({
    resolver: zodResolver(AccountRequestApproval),
    defaultValues: suggestedOrganization(request.email),
  });
  const { errors } = form.formState;

  // Approval refetches the pending list, which unmounts this form before a per-call
  // `onSuccess` would run; the promise settles regardless, and the parent keeps the link.
  const onSubmit = form.handleSubmit((approval) =>
    approve
      .mutateAsync({ id: request.id, approval })
      .then(({ inviteUrl }) => onApproved({ email: request.email, inviteUrl }))
      .catch(() => undefined),
  );

  return (
    <form
      noValidate
      aria-label={`Approve ${request.email}`}
      onSubmit={onSubmit}
      className="mt-3 grid gap-3 rounded-md border border-border bg-background/40 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
    >
      <FormField label="Organization name" error={errors.name?.message}>
        <Input required {...form.register('name')} />
      </FormField>
      <FormField label="Organization slug" error={errors.slug?.message}>
        <Input required {...form.register('slug')} />
      </FormField>
      <div className="flex gap-2 sm:mt-7">
        <Button type="submit" disabled={approve.isPending}>
          {approve.isPending ? <Spinner className="size-4" /> : null}
          Create and invite
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function RequestItem({
  request,
  onApproved,
}: {
  request: AccountRequest;
  onApproved: (approved: Approved) => void;
}) {
  const dismiss = useDismissAccountRequest();
  const [approving, setApproving] = useState(false);
  const address = [request.address1, request.address2, request.city, request.state]
    .filter(Boolean)
    .join(', ');

  return (
    <li className="border-t border-border px-5 py-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium">{request.email}</p>
          <p className="text-sm text-muted-foreground">
            {address} {request.postalCode}, {request.country}
          </p>
          <p className="text-xs text-muted-foreground">
            Requested {new Date(request.createdAt).toLocaleString()}
          </p>
        </div>
        {approving ? null : (
          <div className="flex gap-2">
            <Button size="sm" onClick={() => setApproving(true)}>
              <Check aria-hidden="true" className="size-3.5" />
              Approve
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={dismiss.isPending}
              onClick={() => dismiss.mutate(request.id)}
            >
              <X aria-hidden="true" className="size-3.5" />
              Dismiss
            </Button>
          </div>
        )}
      </div>
      {approving ? (
        <ApproveForm
          request={request}
          onApproved={onApproved}
          onCancel={() => setApproving(false)}
        />
      ) : null}
    </li>
  );
}

/** Pending account requests: approve (organization and admin invitation) or dismiss. */
export function AccountRequestsSection() {
  const requests = useAccountRequests();
  const [approved, setApproved] = useState<Approved | null>(null);

  return (
    <Card aria-labelledby="account-requests-heading" className="overflow-hidden">
      <div className="px-5 pt-5 pb-3">
        <h2 id="account-requests-heading" className="text-base font-semibold">
          Account requests
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Approving creates the organization and an invitation for the requester as its admin.
        </p>
      </div>
      {approved ? (
        <div className="px-5 pb-4">
          <CopyableLink label={`Invitation link for ${approved.email}`} url={approved.inviteUrl} />
        </div>
      ) : null}
      {requests.isPending ? <SectionSpinner label="Loading account requests..." /> : null}
      {requests.isError ? (
        <div className="px-5 pb-5">
          <Alert tone="error">{requests.error.message}</Alert>
        </div>
      ) : null}
      {requests.requests?.length === 0 ? (
        <p className="border-t border-border px-5 py-6 text-sm text-muted-foreground">
          No pending account requests.
        </p>
      ) : null}
      {requests.requests?.length ? (
        <>
          <ul aria-label="Pending account requests">
            {requests.requests.map((request) => (
              <RequestItem key={request.id} request={request} onApproved={setApproved} />
            ))}
          </ul>
          <ListFooter
            shown={requests.requests.length}
            total={requests.total}
            hasMore={requests.hasNextPage}
            loadingMore={requests.isFetchingNextPage}
            onLoadMore={() => void requests.fetchNextPage()}
          />
        </>
      ) : null}
    </Card>
  );
}
