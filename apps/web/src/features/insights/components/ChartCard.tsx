import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Table } from '@/components/ui/Table';
import { cn } from '@/utils/cn';
import { Table2 } from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import type { ChartTable } from '../utils/chart-data';
import type { ChartOption } from '../utils/chart-options';
import { LazyEChart } from './LazyEChart';

/** The chart's box while ECharts' code arrives, the same size so nothing jumps. */
function ChartSkeleton({ className, height }: { className?: string; height?: number }) {
  return (
    <div
      aria-hidden="true"
      style={height ? { height } : undefined}
      className={cn('h-64 w-full animate-pulse rounded-md bg-surface-muted', className)}
    />
  );
}

/**
 * One chart with its title, and a "Show as table" toggle that shows the same data as a table
 * (for screen readers and for reading exact values). `empty` replaces both when there is
 * nothing to draw.
 */
export function ChartCard({
  title,
  description,
  option,
  table,
  summary,
  empty,
  chartClassName,
  height,
  className,
}: {
  title: string;
  description: string;
  option: ChartOption;
  table: ChartTable;
  /** The chart's text alternative: what it shows, in a sentence. */
  summary: string;
  empty?: string | null;
  chartClassName?: string;
  /** The chart's height in pixels, when it depends on the data (a bar per row). */
  height?: number;
  className?: string;
}) {
  const titleId = useId();
  const [asTable, setAsTable] = useState(false);
  return (
    <Card aria-labelledby={titleId} className={cn('flex min-w-0 flex-col gap-3 p-4', className)}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="text-sm font-semibold text-foreground">
            {title}
          </h3>
          <p className="text-xs text-muted-foreground">{description}</p>
        </div>
        {empty ? null : (
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={asTable}
            onClick={() => setAsTable((shown) => !shown)}
            className={cn('h-7 px-2 text-xs', asTable && 'bg-surface-hover')}
          >
            <Table2 aria-hidden="true" className="size-3.5" />
            Show as table
          </Button>
        )}
      </div>
      {empty ? (
        <p className="flex h-24 items-center justify-center rounded-md border border-dashed border-border text-sm text-muted-foreground">
          {empty}
        </p>
      ) : asTable ? (
        <Table
          look="ruled"
          columns={table.columns}
          caption={title}
          scrollLabel={`${title} (table)`}
          className={cn('max-h-64 overflow-y-auto', chartClassName)}
          headClassName="sticky top-0 bg-surface text-xs"
          bodyClassName="tabular-nums"
        >
          {table.rows.map((row) => (
            <tr key={row.key} className="border-b border-border last:border-0">
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className="py-1.5 pr-3 text-left font-medium">
                    {cell}
                  </th>
                ) : (
                  <td key={index} className="py-1.5 pr-3">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </Table>
      ) : (
        <Suspense fallback={<ChartSkeleton className={chartClassName} height={height} />}>
          <LazyEChart option={option} label={summary} className={chartClassName} height={height} />
        </Suspense>
      )}
    </Card>
  );
}
