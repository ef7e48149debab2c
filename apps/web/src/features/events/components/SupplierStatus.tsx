import { Button } from '@/components/ui/Button';
import type { SupplierRequest, SupplierRequestStatus } from '@meridian/contracts';
import { useRevokeSupplierRequest } from '../api/assessments';

const REQUEST_WORDS: Readonly<Record<SupplierRequestStatus, string>> = {
  OPEN: 'Asked',
  ANSWERED: 'Answered',
  EXPIRED: 'Link expired',
  REVOKED: 'Link revoked',
  BOUNCED: 'E-mail refused',
};
const dayFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** Where the site's contact stands: asked when, answered when, and a way to withdraw the link. */
export function SupplierStatus({
  request,
  editable,
  incidentId,
}: {
  request: SupplierRequest | undefined;
  editable: boolean;
  incidentId: string;
}) {
  const revoke = useRevokeSupplierRequest(incidentId);
  if (!request) return <span className="text-muted-foreground">Not asked</span>;
  const at = request.answeredAt ?? request.sentAt ?? request.createdAt;
  return (
    <span className="flex flex-wrap items-center gap-x-2">
      <span>
        {REQUEST_WORDS[request.status]} {dayFormat.format(new Date(at))}
        {request.status === 'OPEN' && request.remindedAt ? ', reminded' : ''}
      </span>
      {request.status === 'BOUNCED' ? (
        <span className="block text-danger-text">
          {request.email}: {request.bounceReason ?? 'refused'}. Fix the site’s contact, then ask
          again.
        </span>
      ) : null}
      {editable && request.status === 'OPEN' ? (
        <Button
          variant="ghost"
          size="sm"
          disabled={revoke.isPending}
          aria-label={`Revoke the link sent to ${request.siteName}`}
          onClick={() => revoke.mutate(request.id)}
        >
          Revoke
        </Button>
      ) : null}
    </span>
  );
}
