import { Alert } from '@/components/ui/Alert';
import {
  ExposedShipmentsTable,
  ExposedSpan,
  ExposureHistory,
  ExposureStateBadge,
  formatKm,
} from '@/components/ExposureTables';
import { Button } from '@/components/ui/Button';
import { SectionSpinner, Spinner } from '@/components/ui/Spinner';
import { Table } from '@/components/ui/Table';
import { SiteValueCell, ValueAtRiskSummary, valueAtRiskLabel } from '@/components/ValueAtRisk';
import { exposureCounts, useExposure } from '@/entities/exposure/incident-exposure';
import { formatCalendarDay, formatMoney } from '@/utils/format';
import { useCurrencySettings } from '@/entities/organization/currency-settings';
import { type CurrencySettings, convertTotals, isInReach } from '@meridian/contracts';
import type { ReadIncident } from '@/lib/readers';
import { Download } from 'lucide-react';
import { cn } from '@/utils/cn';
import type { ReactNode } from 'react';
import { exportExposure } from '../api/export-exposure';
import { useDownload } from '../hooks/use-download';
import { type SpendAtRisk, cargoAtRisk, lanesAffected, spendAtRisk } from '../utils/impact';
import * as WEB_MESSAGES from '@/config/messages';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

function Figure({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'flex min-w-0 flex-col gap-1 rounded-lg border border-border bg-surface p-3',
        className,
      )}
    >
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm text-foreground">{children}</dd>
    </div>
  );
}

/**
 * The sum in the organization's currency (with the conversions it made, and what it could not
 * convert beside it), or, until the currency settings arrive, the sums per currency; then
 * "3 sites with a known spend; 1 without" or "All 4 sites in reach".
 */
function MoneyTotals({
  sums,
  book,
  noun,
  what,
  none,
  reach,
}: {
  sums: SpendAtRisk;
  book: CurrencySettings | undefined;
  noun: string;
  what: string;
  none: string;
  reach: string;
}) {
  if (sums.totals.length === 0) return <span className="text-muted-foreground">{none}</span>;
  const total = book ? convertTotals(sums.totals, book) : null;
  const counted = total && total.unconverted.length < sums.totals.length;
  const figures = total
    ? [
        ...(counted ? [formatMoney(total.amount, total.currency)] : []),
        ...total.unconverted.map((sum) => formatMoney(sum.amount, sum.currency)),
      ]
    : sums.totals.map((sum) => formatMoney(sum.amount, sum.currency));
  return (
    <>
      <span className="block text-lg font-semibold tabular-nums">{figures.join(' + ')}</span>
      {total && total.converted.length > 0 ? (
        <span className="block text-xs text-muted-foreground">
          Converted:{' '}
          {total.converted
            .map(
              (sum) =>
                `${formatMoney(sum.amount, sum.currency)} at 1 ${sum.currency} = ${sum.rate} ${total.currency}`,
            )
            .join('; ')}
          {book?.ratesAsOf ? ` (rates of ${formatCalendarDay(book.ratesAsOf)})` : ''}
        </span>
      ) : null}
      {total && total.unconverted.length > 0 ? (
        <span className="block text-xs text-muted-foreground">
          No rate for {total.unconverted.map((sum) => sum.currency).join(', ')}
          {counted
            ? `: not added to the ${total.currency} total`
            : ` in ${total.currency}: shown as it is`}{' '}
          (Platform Setup, Currency)
        </span>
      ) : null}
      <span className="block text-xs text-muted-foreground">
        {sums.unknown > 0
          ? `${plural(sums.known, noun)} with a known ${what}; ${sums.unknown} without`
          : `All ${plural(sums.known, noun)} ${reach}`}
      </span>
    </>
  );
}

const inReach = <Item extends { state: string }>(items: readonly Item[]) => items.filter(isInReach);

/**
 * What the selected event reaches of the organization: the spend with the sites in reach,
 * the lanes of the shipments in reach, both lists, and the server's CSV of them. Once nothing
 * is in reach any more (it ended, or moved away), the figures are of what it reached while
 * active, and say so: a resolved incident's impact is not zero.
 */
export function ImpactTab({ incident }: { incident: ReadIncident }) {
  const exposure = useExposure(incident.id);
  const book = useCurrencySettings().data;
  const download = useDownload();
  if (exposure.isPending) return <SectionSpinner label="Loading exposure..." />;
  if (exposure.isError) return <Alert tone="error">{exposure.error.message}</Alert>;
  const { sites, shipments } = exposure.data;
  if (sites.length + shipments.length === 0) {
    return (
      <p className="py-6 text-sm text-muted-foreground">
        {incident.location ? WEB_MESSAGES.exposure.none : WEB_MESSAGES.exposure.noLocation}
      </p>
    );
  }
  const counts = exposureCounts(exposure.data);
  const now = counts.now.sites + counts.now.shipments > 0;
  const shipmentsShown = now ? inReach(shipments) : shipments;
  const spend = spendAtRisk(now ? inReach(sites) : sites);
  const cargo = cargoAtRisk(shipmentsShown);
  const lanes = lanesAffected(shipmentsShown);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-col gap-0.5">
          <p className="text-sm text-muted-foreground">
            {plural(counts.now.sites, 'site')} · {plural(counts.now.shipments, 'shipment')} in reach
          </p>
          {counts.inAll.sites + counts.inAll.shipments > counts.now.sites + counts.now.shipments ? (
            <ExposureHistory counts={counts} />
          ) : null}
        </div>
        <Button
          variant="secondary"
          size="sm"
          disabled={download.isPending}
          onClick={() => download.mutate(() => exportExposure(incident.id))}
        >
          {download.isPending ? (
            <Spinner className="size-4" />
          ) : (
            <Download aria-hidden="true" className="size-4" />
          )}
          Download exposure (CSV)
        </Button>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Figure
          label={valueAtRiskLabel(exposure.data.valueAtRisk)}
          className="sm:col-span-2 lg:col-span-3"
        >
          <ValueAtRiskSummary value={exposure.data.valueAtRisk} />
        </Figure>
        <Figure label={now ? 'Annual spend at risk' : 'Annual spend exposed while active'}>
          <MoneyTotals
            sums={spend}
            book={book}
            noun="site"
            what="spend"
            none="No annual spend known for these sites"
            reach={now ? 'in reach' : 'it reached'}
          />
        </Figure>
        <Figure label={now ? 'Cargo value at risk' : 'Cargo value exposed while active'}>
          <MoneyTotals
            sums={cargo}
            book={book}
            noun="shipment"
            what="value"
            none={
              shipmentsShown.length === 0
                ? now
                  ? 'No shipment in reach'
                  : 'No shipment reached'
                : 'No cargo value known for these shipments'
            }
            reach={now ? 'in reach' : 'it reached'}
          />
        </Figure>
        <Figure label={now ? 'Lanes affected' : 'Lanes affected while active'}>
          {lanes.length === 0 ? (
            <span className="text-muted-foreground">
              {now ? 'No shipment in reach' : 'No shipment reached'}
            </span>
          ) : (
            <ul className="flex flex-col gap-0.5">
              {lanes.map((lane) => (
                <li key={lane.lane} className="flex justify-between gap-3">
                  <span className="truncate">{lane.lane}</span>
                  <span className="shrink-0 text-muted-foreground tabular-nums">
                    {plural(lane.shipments, 'shipment')}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Figure>
      </dl>
      {sites.length > 0 ? (
        <Table
          look="ruled"
          columns={['Site', 'Kind', 'Annual spend', 'At risk', 'Distance', 'Exposed', 'State']}
          caption="Exposed sites"
          scrollLabel="Exposed sites"
          tableClassName="min-w-[40rem]"
          headClassName="text-xs"
        >
          {sites.map((item) => (
            <tr key={item.site.id} className="border-b border-border last:border-0">
              <th scope="row" className="py-2 pr-3 text-left font-medium">
                {item.site.name}
              </th>
              <td className="py-2 pr-3">{item.site.kind.replaceAll('_', ' ').toLowerCase()}</td>
              <td className="py-2 pr-3 tabular-nums whitespace-nowrap">
                {item.site.annualSpend === null
                  ? '—'
                  : formatMoney(item.site.annualSpend, item.site.currency)}
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">
                <SiteValueCell
                  value={exposure.data.valueAtRisk.bySite.find(
                    (entry) => entry.siteId === item.site.id,
                  )}
                  currency={exposure.data.valueAtRisk.currency}
                />
              </td>
              <td className="py-2 pr-3 tabular-nums whitespace-nowrap">
                {formatKm(item.distanceKm)}
              </td>
              <td className="py-2 pr-3 text-xs whitespace-nowrap text-muted-foreground">
                <ExposedSpan item={item} />
              </td>
              <td className="py-2">
                <ExposureStateBadge state={item.state} />
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
      {shipments.length > 0 ? (
        <ExposedShipmentsTable shipments={shipments} laneLabel="Lane" />
      ) : null}
    </div>
  );
}
