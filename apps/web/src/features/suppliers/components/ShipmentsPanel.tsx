import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { SectionSpinner } from '@/components/ui/Spinner';
import { Table } from '@/components/ui/Table';
import { SEARCH_DELAY_MS } from '@/config/constants';
import { cn } from '@/utils/cn';
import { formatDateTime, formatMoney } from '@/utils/format';
import type { ShipmentDetail, ShipmentMode, ShipmentStatus } from '@meridian/contracts';
import { SHIPMENT_MODES, SHIPMENT_STATUSES } from '@meridian/contracts/constants';
import { ArrowRight, Search, Upload } from 'lucide-react';
import { useState } from 'react';
import { useShipmentPages } from '../api/get-shipments';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { ImportWizard } from './ImportWizard';
import { SHIPMENT_STATUS_LABELS, SHIPMENT_STATUS_TONE } from './site-labels';
import { LoadMore } from './LoadMore';
import * as WEB_MESSAGES from '@/config/messages';

const ALL = 'ALL';
const STATUS_OPTIONS = [
  { value: ALL, label: 'Any status' },
  ...SHIPMENT_STATUSES.map((value) => ({ value, label: SHIPMENT_STATUS_LABELS[value] })),
];
const MODE_OPTIONS = [
  { value: ALL, label: 'Any mode' },
  ...SHIPMENT_MODES.map((value) => ({ value, label: value })),
];

const endOf = (name: string, locode: string | null | undefined) =>
  locode && locode !== name ? `${name} (${locode})` : name;

const coordinates = ({ lat, lng }: { lat: number; lng: number }) =>
  `${lat.toFixed(2)}, ${lng.toFixed(2)}`;

/** Where it is: estimated along its route since it was given, when it has moved on since. */
function Position({ shipment }: { shipment: ShipmentDetail }) {
  const given = coordinates(shipment.currentPosition);
  if (!shipment.estimatedPosition) return given;
  return (
    <span className="flex flex-col">
      <span>{coordinates(shipment.estimatedPosition)}</span>
      <span className="text-xs text-muted-foreground">
        Estimated on its route from {given}, {formatDateTime(shipment.positionAt)}
      </span>
    </span>
  );
}

/** The organization's shipments by reference: search, filters, "Load more" with the total, import. */
export function ShipmentsPanel({ canEdit }: { canEdit: boolean }) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text, SEARCH_DELAY_MS);
  const [status, setStatus] = useState<ShipmentStatus | null>(null);
  const [mode, setMode] = useState<ShipmentMode | null>(null);
  const [importing, setImporting] = useState(false);
  const pages = useShipmentPages({ q, status, mode });
  const shipments = pages.data?.pages.flatMap((page) => page.shipments) ?? [];
  const total = pages.data?.pages[0]?.total ?? 0;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-56 flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search shipments"
            placeholder="Search reference, carrier, origin or destination"
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="h-9 pl-9"
          />
        </div>
        <Select
          label="Status"
          value={status ?? ALL}
          onValueChange={(value) => setStatus(value === ALL ? null : (value as ShipmentStatus))}
          options={STATUS_OPTIONS}
        />
        <Select
          label="Mode"
          value={mode ?? ALL}
          onValueChange={(value) => setMode(value === ALL ? null : (value as ShipmentMode))}
          options={MODE_OPTIONS}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {pages.data
            ? `${total.toLocaleString('en')} ${total === 1 ? 'shipment' : 'shipments'}`
            : ''}
        </p>
        {canEdit ? (
          <Button variant="secondary" size="sm" onClick={() => setImporting(true)}>
            <Upload aria-hidden="true" className="size-4" />
            Import shipments
          </Button>
        ) : null}
      </div>
      {pages.isPending ? (
        <SectionSpinner label="Loading shipments..." />
      ) : pages.isError ? (
        <Alert tone="error">{pages.error.message}</Alert>
      ) : shipments.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-sm text-muted-foreground">
          {q || status || mode
            ? WEB_MESSAGES.suppliers.noShipmentsMatch
            : WEB_MESSAGES.suppliers.noShipments}
        </p>
      ) : (
        <div className="overflow-hidden rounded-lg border border-border bg-surface">
          <Table
            columns={[
              'Reference',
              'Mode',
              'Carrier',
              'Value',
              'Route',
              'Status',
              'ETA',
              'Position',
              'Sites',
            ]}
            caption="Shipments"
            scrollLabel="Shipments"
            tableClassName="min-w-[66rem]"
            className={cn(pages.isPlaceholderData && 'opacity-60')}
          >
            {shipments.map((shipment) => (
              <tr key={shipment.id} className="border-t border-border align-top">
                <th scope="row" className="px-4 py-3 font-mono font-medium whitespace-nowrap">
                  {shipment.reference}
                </th>
                <td className="px-4 py-3">{shipment.mode}</td>
                <td className="px-4 py-3">{shipment.carrier ?? '—'}</td>
                <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                  {shipment.cargoValue === null
                    ? '—'
                    : formatMoney(shipment.cargoValue, shipment.cargoCurrency)}
                </td>
                <td className="px-4 py-3">
                  <span className="inline-flex flex-wrap items-center gap-1">
                    {endOf(shipment.origin, shipment.originPlace?.locode)}
                    <ArrowRight aria-label="to" className="size-3.5 text-muted-foreground" />
                    {endOf(shipment.destination, shipment.destinationPlace?.locode)}
                  </span>
                </td>
                <td className="px-4 py-3 whitespace-nowrap">
                  <Badge tone={SHIPMENT_STATUS_TONE[shipment.status]}>
                    {SHIPMENT_STATUS_LABELS[shipment.status]}
                  </Badge>
                </td>
                <td className="px-4 py-3 whitespace-nowrap">
                  {shipment.eta ? formatDateTime(shipment.eta) : '—'}
                </td>
                <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                  <Position shipment={shipment} />
                </td>
                <td className="px-4 py-3 tabular-nums">{shipment.siteIds.length || '—'}</td>
              </tr>
            ))}
          </Table>
        </div>
      )}
      <LoadMore pages={pages} shown={shipments.length} total={total} />
      {canEdit ? (
        <ImportWizard kind="shipments" open={importing} onOpenChange={setImporting} />
      ) : null}
    </div>
  );
}
