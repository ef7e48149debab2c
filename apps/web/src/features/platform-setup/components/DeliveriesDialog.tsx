import { QueryState } from '@/components/QueryState';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Table } from '@/components/ui/Table';
import { relativeTime } from '@/lib/relative-time';
import type { AlertEndpoint, Delivery } from '@meridian/contracts';
import { RotateCw } from 'lucide-react';
import { useDeliveries } from '../api/get-deliveries';
import { useRedeliver } from '../api/redeliver';
import { DELIVERY_STATUS } from './integration-labels';
import * as WEB_MESSAGES from '@/config/messages';

const Muted = ({ children }: { children: string }) => (
  <span className="text-muted-foreground">{children}</span>
);

function DeliveryRow({ delivery }: { delivery: Delivery }) {
  const redeliver = useRedeliver();
  const status = DELIVERY_STATUS[delivery.status];
  const retryable =
    delivery.status === 'FAILED' || (delivery.status === 'GAVE_UP' && !delivery.test);
  return (
    <tr className="border-b border-border align-top last:border-0">
      <td className="py-2.5 pr-3 whitespace-nowrap text-muted-foreground">
        <time dateTime={delivery.createdAt} title={new Date(delivery.createdAt).toLocaleString()}>
          {relativeTime(delivery.createdAt)}
        </time>
      </td>
      <th scope="row" className="py-2.5 pr-3 text-left font-medium break-words text-foreground">
        {delivery.title}
      </th>
      <td className="py-2.5 pr-3">
        <Badge tone={status.tone}>{status.label}</Badge>
        {delivery.nextAttemptAt ? (
          <span className="mt-1 block text-xs text-muted-foreground">
            next try {relativeTime(delivery.nextAttemptAt)}
          </span>
        ) : null}
      </td>
      <td className="py-2.5 pr-3 tabular-nums">{delivery.attempts}</td>
      <td className="py-2.5 pr-3 tabular-nums">{delivery.lastStatusCode ?? <Muted>—</Muted>}</td>
      <td className="max-w-[16rem] py-2.5 pr-3 text-xs break-words">
        {delivery.lastError ? (
          <span className="text-danger-text">{delivery.lastError}</span>
        ) : (
          <Muted>—</Muted>
        )}
      </td>
      <td className="py-2.5 text-right">
        {retryable ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={redeliver.isPending}
            onClick={() => redeliver.mutate(delivery.id)}
            aria-label={`Redeliver ${delivery.title}`}
          >
            <RotateCw aria-hidden="true" className="size-3.5" />
            Redeliver
          </Button>
        ) : null}
      </td>
    </tr>
  );
}

function DeliveriesLog({ endpoint }: { endpoint: AlertEndpoint }) {
  const deliveries = useDeliveries(endpoint.id);
  return (
    <QueryState query={deliveries} loadingLabel="Loading deliveries...">
      {(list) =>
        list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{WEB_MESSAGES.integration.noDeliveries}</p>
        ) : (
          <Table
            columns={[
              ...['Time', 'Title', 'Status', 'Attempts', 'HTTP status', 'Error'].map((label) => ({
                label,
                className: 'pr-3',
              })),
              { label: 'Actions', srOnly: true },
            ]}
            caption={`Deliveries to ${endpoint.name}`}
            scrollLabel={`Deliveries to ${endpoint.name}`}
            look="ruled"
            tableClassName="min-w-[48rem]"
          >
            {list.map((delivery) => (
              <DeliveryRow key={delivery.id} delivery={delivery} />
            ))}
          </Table>
        )
      }
    </QueryState>
  );
}

/** An endpoint's latest deliveries: when, what, how it went, and Redeliver for failed ones. */
export function DeliveriesDialog({
  endpoint,
  onClose,
}: {
  endpoint: AlertEndpoint | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={endpoint !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={endpoint ? `Deliveries: ${endpoint.name}` : 'Deliveries'}
      description="The latest 50 messages sent here. Failed ones are retried on their own; Redeliver sends one again now."
      size="xl"
    >
      {endpoint ? <DeliveriesLog endpoint={endpoint} /> : null}
    </Dialog>
  );
}
