import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { SegmentedControl } from '@/components/ui/SegmentedControl';
import { SectionSpinner, Spinner } from '@/components/ui/Spinner';
import { useTheme } from '@/lib/theme';
import { cn } from '@/utils/cn';
import type { Charts } from '@meridian/contracts';
import { INCIDENT_TYPE_LABELS } from '@meridian/contracts/constants';
import { formatMoney } from '@/utils/format';
import { Download } from 'lucide-react';
import { useMemo } from 'react';
import { exportEvents } from '../api/export-events';
import { useCharts, type ChartScope } from '../api/get-charts';
import { useDownload } from '../hooks/use-download';
import {
  chartTotals,
  exposureTable,
  openResolvedTable,
  resolveTimeTable,
  severityTable,
  supplierResponsesSummary,
  supplierResponsesTable,
  responseRate,
  topLanesTable,
  topSuppliersTable,
  valueAtRiskTable,
  valueBySupplierTable,
  valueByTypeTable,
} from '../utils/chart-data';
import {
  barsHeight,
  compactMoney,
  exposureOption,
  openResolvedOption,
  rankingOption,
  resolveTimeOption,
  severityOption,
  valueAtRiskOption,
} from '../utils/chart-options';
import { ChartCard } from './ChartCard';

export const CHART_WINDOWS = [30, 90, 365] as const;
export type ChartWindow = (typeof CHART_WINDOWS)[number];

const WINDOW_OPTIONS = CHART_WINDOWS.map((days) => ({
  value: String(days) as `${ChartWindow}`,
  label: `${days} days`,
}));
const SCOPE_OPTIONS = [
  { value: 'ALL', label: 'All incidents' },
  { value: 'ORG', label: 'Our incidents' },
] as const satisfies readonly { value: ChartScope; label: string }[];

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

function ChartGrid({ charts }: { charts: Charts }) {
  const { resolvedTheme } = useTheme();
  const totals = chartTotals(charts);
  const options = useMemo(
    () => ({
      severity: severityOption(charts, resolvedTheme),
      openResolved: openResolvedOption(charts, resolvedTheme),
      resolveTime: resolveTimeOption(charts, resolvedTheme),
      exposure: exposureOption(charts, resolvedTheme),
      suppliers: rankingOption(
        charts.topSuppliers.map((supplier) => ({
          label: supplier.name,
          value: supplier.incidents,
        })),
        'Incidents',
        resolvedTheme,
      ),
      value: valueAtRiskOption(charts, resolvedTheme),
      valueByType: rankingOption(
        charts.valueAtRiskByType.map((row) => ({
          label: INCIDENT_TYPE_LABELS[row.type],
          value: row.amount,
        })),
        'Value at risk',
        resolvedTheme,
        (value) => compactMoney(value, charts.currency),
      ),
      valueBySupplier: rankingOption(
        charts.valueAtRiskBySupplier.map((row) => ({ label: row.name, value: row.amount })),
        'Value at risk',
        resolvedTheme,
        (value) => compactMoney(value, charts.currency),
      ),
      responses: rankingOption(
        charts.supplierResponses.suppliers.map((supplier) => ({
          label: supplier.name,
          value: responseRate(supplier) ?? 0,
        })),
        'Response rate',
        resolvedTheme,
        (value) => `${value} %`,
        100,
      ),
      lanes: rankingOption(
        charts.topLanes.map((lane) => ({ label: lane.lane, value: lane.shipments })),
        'Shipments exposed',
        resolvedTheme,
      ),
    }),
    [charts, resolvedTheme],
  );
  const period = `the last ${charts.days} days`;
  return (
    <div className="grid gap-4 @3xl:grid-cols-2">
      <ChartCard
        className="@3xl:col-span-2"
        title="Incidents by severity"
        description={`Incidents started each day over ${period}; drag the bar below to zoom.`}
        option={options.severity}
        table={severityTable(charts)}
        summary={`Stacked bars of incidents per day by severity: ${plural(totals.incidents, 'incident')} in ${period}.`}
        empty={totals.incidents === 0 ? 'No incidents started in this window.' : null}
        chartClassName="h-72"
      />
      <ChartCard
        title="Open vs resolved"
        description="Opened and resolved each day, and open at the end of it."
        option={options.openResolved}
        table={openResolvedTable(charts)}
        summary={`Lines of incidents opened, resolved and open per day: ${totals.resolved} resolved, ${totals.openNow} open now.`}
        empty={charts.openVsResolved.length === 0 ? 'No incidents in this window.' : null}
      />
      <ChartCard
        title="Mean time to resolve"
        description="Hours from start to resolution, by incident type."
        option={options.resolveTime}
        table={resolveTimeTable(charts)}
        height={barsHeight(charts.timeToResolve.length)}
        summary={`Bars of the mean time to resolve for ${plural(charts.timeToResolve.length, 'incident type')}.`}
        empty={
          charts.timeToResolve.length === 0 ? 'No incidents were resolved in this window.' : null
        }
      />
      <ChartCard
        className="@3xl:col-span-2"
        title="Exposure over time"
        description="Your sites and shipments within reach of an incident, per day."
        option={options.exposure}
        table={exposureTable(charts)}
        summary={`Lines of exposed sites and shipments per day: at most ${plural(totals.peakSites, 'site')} and ${plural(totals.peakShipments, 'shipment')}.`}
        empty={
          totals.peakSites + totals.peakShipments === 0
            ? 'None of your sites or shipments was exposed in this window.'
            : null
        }
      />
      <ChartCard
        className="@3xl:col-span-2"
        title="Value at risk over time"
        description="What the incidents active each day put at risk, in your currency."
        option={options.value}
        table={valueAtRiskTable(charts)}
        summary={`An area of the value at risk per day: at most ${formatMoney(totals.peakValue, charts.currency)}.`}
        empty={totals.peakValue === 0 ? 'Nothing of known value was at risk in this window.' : null}
      />
      <ChartCard
        title="Value at risk by incident type"
        description="The value at risk of the incidents active in the window, by type."
        option={options.valueByType}
        table={valueByTypeTable(charts)}
        height={barsHeight(charts.valueAtRiskByType.length)}
        summary={`Bars of the value at risk of ${plural(charts.valueAtRiskByType.length, 'incident type')}.`}
        empty={
          charts.valueAtRiskByType.length === 0
            ? 'Nothing of known value was at risk in this window.'
            : null
        }
      />
      <ChartCard
        title="Value at risk by supplier"
        description="Each supplier's part of the value at risk of the incidents active in the window."
        option={options.valueBySupplier}
        table={valueBySupplierTable(charts)}
        height={barsHeight(charts.valueAtRiskBySupplier.length)}
        summary={`Bars of the value at risk of ${plural(charts.valueAtRiskBySupplier.length, 'supplier')}.`}
        empty={
          charts.valueAtRiskBySupplier.length === 0
            ? 'No supplier of known value was at risk in this window.'
            : null
        }
      />
      <ChartCard
        title="Most affected suppliers"
        description="Suppliers reached by the most incidents."
        option={options.suppliers}
        table={topSuppliersTable(charts)}
        height={barsHeight(charts.topSuppliers.length)}
        summary={`Bars of the ${plural(charts.topSuppliers.length, 'supplier')} reached by the most incidents.`}
        empty={charts.topSuppliers.length === 0 ? 'No supplier was reached in this window.' : null}
      />
      <ChartCard
        title="Most affected lanes"
        description="Lanes with the most exposed shipments."
        option={options.lanes}
        table={topLanesTable(charts)}
        height={barsHeight(charts.topLanes.length)}
        summary={`Bars of the ${plural(charts.topLanes.length, 'lane')} with the most exposed shipments.`}
        empty={charts.topLanes.length === 0 ? 'No lane was reached in this window.' : null}
      />
      <ChartCard
        className="@3xl:col-span-2"
        title="Supplier responses"
        description={
          charts.supplierResponses.asked === 0
            ? 'How the suppliers asked about incidents answered.'
            : supplierResponsesSummary(charts)
        }
        option={options.responses}
        table={supplierResponsesTable(charts)}
        height={barsHeight(charts.supplierResponses.suppliers.length)}
        summary={`Bars of the share of requests answered by the ${plural(charts.supplierResponses.suppliers.length, 'supplier')} asked most.`}
        empty={
          charts.supplierResponses.asked === 0
            ? 'No supplier was asked in this window: use Ask suppliers on an event.'
            : null
        }
      />
    </div>
  );
}

/**
 * The organization's trends (spec part 2's chart area): a window of 30, 90 or 365 days, all
 * incidents or only the organization's, and an export of the events behind them.
 */
export function InsightsCharts({
  days,
  scope,
  onDaysChange,
  onScopeChange,
}: {
  days: ChartWindow;
  scope: ChartScope;
  onDaysChange: (days: ChartWindow) => void;
  onScopeChange: (scope: ChartScope) => void;
}) {
  const charts = useCharts(days, scope);
  const download = useDownload();
  return (
    <section aria-labelledby="trends-title" className="@container flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h2 id="trends-title" className="text-base font-semibold text-foreground">
            Trends
          </h2>
          {charts.isFetching && charts.data ? <Spinner className="size-4 text-primary" /> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SegmentedControl
            label="Chart window"
            value={String(days) as `${ChartWindow}`}
            onValueChange={(value) => onDaysChange(Number(value) as ChartWindow)}
            options={WINDOW_OPTIONS}
          />
          <SegmentedControl
            label="Incidents counted"
            value={scope}
            onValueChange={onScopeChange}
            options={SCOPE_OPTIONS}
          />
          <Button
            variant="secondary"
            size="sm"
            className="h-9"
            disabled={download.isPending}
            onClick={() => download.mutate(() => exportEvents(scope))}
          >
            {download.isPending ? (
              <Spinner className="size-4" />
            ) : (
              <Download aria-hidden="true" className="size-4" />
            )}
            Export events (CSV)
          </Button>
        </div>
      </div>
      {charts.isPending ? <SectionSpinner label="Loading charts..." /> : null}
      {charts.isError && !charts.data ? <Alert tone="error">{charts.error.message}</Alert> : null}
      {charts.data ? (
        <div className={cn(charts.isPlaceholderData && 'opacity-70 transition-opacity')}>
          <ChartGrid charts={charts.data} />
        </div>
      ) : null}
    </section>
  );
}
