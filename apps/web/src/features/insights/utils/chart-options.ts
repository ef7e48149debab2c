import { SEVERITY_MAP_COLOR } from '@/entities/incident/incident-display';
import type { ResolvedTheme } from '@/lib/theme';
import type { Charts } from '@meridian/contracts';
import { INCIDENT_TYPE_LABELS, SEVERITIES } from '@meridian/contracts/constants';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { dayLabel, formatDuration, SEVERITY_LABELS } from './chart-data';

/** The options of the charts drawn here: bars and lines on a grid, legend, tooltip, zoom. */
export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | DataZoomComponentOption
>;

/**
 * The app's slate palette per theme (index.css), as hex: ECharts blends and lightens colours
 * itself and reads no CSS variables or oklch().
 */
export const CHART_PALETTE = {
  light: {
    text: '#0f172a',
    muted: '#475569',
    grid: '#e2e8f0',
    axis: '#cbd5e1',
    surface: '#ffffff',
    zoomFill: 'rgba(3, 105, 161, 0.15)',
    series: { one: '#0369a1', two: '#7c3aed', good: '#047857', warn: '#b45309' },
  },
  dark: {
    text: '#f1f5f9',
    muted: '#94a3b8',
    grid: '#334155',
    axis: '#475569',
    surface: '#1e293b',
    zoomFill: 'rgba(56, 189, 248, 0.2)',
    series: { one: '#38bdf8', two: '#a78bfa', good: '#34d399', warn: '#fbbf24' },
  },
} as const satisfies Record<ResolvedTheme, unknown>;

type Palette = (typeof CHART_PALETTE)[ResolvedTheme];

const FONT = "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

const tooltipOf = (palette: Palette): TooltipComponentOption => ({
  trigger: 'axis',
  backgroundColor: palette.surface,
  borderColor: palette.grid,
  textStyle: { color: palette.text, fontSize: 12 },
  confine: true,
});

function base(palette: Palette): ChartOption {
  return {
    backgroundColor: 'transparent',
    textStyle: { color: palette.text, fontFamily: FONT },
    animationDuration: 300,
    grid: { left: 8, right: 16, top: 40, bottom: 16 },
    legend: {
      top: 0,
      left: 0,
      icon: 'roundRect',
      itemWidth: 10,
      itemHeight: 10,
      textStyle: { color: palette.muted, fontSize: 12 },
    },
    tooltip: tooltipOf(palette),
  };
}

const categoryAxis = (palette: Palette, data: string[]) => ({
  type: 'category' as const,
  data,
  axisLine: { lineStyle: { color: palette.axis } },
  axisTick: { show: false },
  axisLabel: { color: palette.muted, fontSize: 11, hideOverlap: true },
});

const valueAxis = (palette: Palette, formatter?: (value: number) => string) => ({
  type: 'value' as const,
  minInterval: 1,
  splitNumber: 4,
  splitLine: { lineStyle: { color: palette.grid } },
  axisLabel: { color: palette.muted, fontSize: 11, ...(formatter ? { formatter } : {}) },
});

const days = (rows: readonly { day: string }[]) => rows.map((row) => dayLabel(row.day));

/** Incidents started per day, stacked by severity, with a zoom over the window. */
export function severityOption(charts: Charts, theme: ResolvedTheme): ChartOption {
  const palette = CHART_PALETTE[theme];
  return {
    ...base(palette),
    grid: { left: 8, right: 16, top: 40, bottom: 56 },
    xAxis: categoryAxis(palette, days(charts.incidentsBySeverity)),
    yAxis: valueAxis(palette),
    dataZoom: [
      { type: 'inside' },
      {
        type: 'slider',
        height: 22,
        bottom: 8,
        borderColor: palette.grid,
        fillerColor: palette.zoomFill,
        textStyle: { color: palette.muted },
        dataBackground: {
          lineStyle: { color: palette.axis },
          areaStyle: { color: palette.grid },
        },
      },
    ],
    series: SEVERITIES.map((severity): BarSeriesOption => ({
      name: SEVERITY_LABELS[severity],
      type: 'bar',
      stack: 'severity',
      barMaxWidth: 18,
      itemStyle: { color: SEVERITY_MAP_COLOR[severity] },
      emphasis: { focus: 'series' },
      data: charts.incidentsBySeverity.map((day) => day[severity]),
    })),
  };
}

/** Incidents opened and resolved per day, and how many were open at the end of each. */
export function openResolvedOption(charts: Charts, theme: ResolvedTheme): ChartOption {
  const palette = CHART_PALETTE[theme];
  const line = (name: string, color: string, values: number[], area = false): LineSeriesOption => ({
    name,
    type: 'line',
    symbol: 'none',
    lineStyle: { width: 2, color },
    itemStyle: { color },
    ...(area ? { areaStyle: { color, opacity: 0.2 } } : {}),
    data: values,
  });
  return {
    ...base(palette),
    xAxis: { ...categoryAxis(palette, days(charts.openVsResolved)), boundaryGap: false },
    yAxis: valueAxis(palette),
    series: [
      line(
        'Open',
        palette.series.warn,
        charts.openVsResolved.map((day) => day.open),
        true,
      ),
      line(
        'Opened',
        palette.series.one,
        charts.openVsResolved.map((day) => day.opened),
      ),
      line(
        'Resolved',
        palette.series.good,
        charts.openVsResolved.map((day) => day.resolved),
      ),
    ],
  };
}

/** Mean hours from start to resolution, per incident type, longest first. */
export function resolveTimeOption(charts: Charts, theme: ResolvedTheme): ChartOption {
  const palette = CHART_PALETTE[theme];
  const rows = charts.timeToResolve.toReversed();
  return {
    ...base(palette),
    legend: { show: false },
    grid: { left: 8, right: 24, top: 8, bottom: 16 },
    tooltip: {
      ...tooltipOf(palette),
      axisPointer: { type: 'shadow' },
      valueFormatter: (value) =>
        typeof value === 'number' ? formatDuration(value) : String(value),
    },
    xAxis: valueAxis(palette, (value) => `${value} h`),
    yAxis: categoryAxis(
      palette,
      rows.map((row) => INCIDENT_TYPE_LABELS[row.type]),
    ),
    series: [
      {
        name: 'Mean time to resolve',
        type: 'bar',
        barMaxWidth: 16,
        itemStyle: { color: palette.series.one, borderRadius: [0, 3, 3, 0] },
        data: rows.map((row) => Math.round(row.meanHours * 10) / 10),
      },
    ],
  };
}

/** The organization's sites and shipments within reach of an incident, per day. */
export function exposureOption(charts: Charts, theme: ResolvedTheme): ChartOption {
  const palette = CHART_PALETTE[theme];
  const line = (name: string, color: string, values: number[]): LineSeriesOption => ({
    name,
    type: 'line',
    symbol: 'none',
    step: 'end',
    lineStyle: { width: 2, color },
    itemStyle: { color },
    areaStyle: { color, opacity: 0.1 },
    data: values,
  });
  return {
    ...base(palette),
    xAxis: { ...categoryAxis(palette, days(charts.exposureOverTime)), boundaryGap: false },
    yAxis: valueAxis(palette),
    series: [
      line(
        'Sites',
        palette.series.one,
        charts.exposureOverTime.map((day) => day.sites),
      ),
      line(
        'Shipments',
        palette.series.two,
        charts.exposureOverTime.map((day) => day.shipments),
      ),
    ],
  };
}

/** Height of a chart of horizontal bars: a row per bar, within bounds. */
export const barsHeight = (rows: number): number => Math.min(320, Math.max(120, 48 + rows * 32));

/** A ranking as horizontal bars, the first at the top. */
export function rankingOption(
  rows: readonly { label: string; value: number }[],
  seriesName: string,
  theme: ResolvedTheme,
  /** How the values are written on the axis (amounts of money); plain numbers by default. */
  formatter?: (value: number) => string,
  /** The axis's end when the values have one (100 for shares in per cent). */
  max?: number,
): ChartOption {
  const palette = CHART_PALETTE[theme];
  const ordered = rows.toReversed();
  return {
    ...base(palette),
    legend: { show: false },
    grid: { left: 8, right: 24, top: 8, bottom: 16 },
    tooltip: { ...tooltipOf(palette), axisPointer: { type: 'shadow' } },
    xAxis: {
      ...valueAxis(palette, formatter),
      ...(max === undefined ? {} : { max, interval: max / 4 }),
    },
    yAxis: {
      ...categoryAxis(
        palette,
        ordered.map((row) => row.label),
      ),
      axisLabel: { color: palette.muted, fontSize: 11, width: 160, overflow: 'truncate' },
    },
    series: [
      {
        name: seriesName,
        type: 'bar',
        barMaxWidth: 16,
        itemStyle: { color: palette.series.two, borderRadius: [0, 3, 3, 0] },
        data: ordered.map((row) => row.value),
      },
    ],
  };
}

/** "$1.2M": an amount short enough for an axis, in the organization's currency. */
export function compactMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', {
      style: 'currency',
      currency,
      notation: 'compact',
      maximumFractionDigits: 1,
    }).format(amount);
  } catch {
    return `${new Intl.NumberFormat('en', { notation: 'compact' }).format(amount)} ${currency}`;
  }
}

/** The value at risk of the incidents active each day, as an area. */
export function valueAtRiskOption(charts: Charts, theme: ResolvedTheme): ChartOption {
  const palette = CHART_PALETTE[theme];
  const money = (value: number) => compactMoney(value, charts.currency);
  return {
    ...base(palette),
    legend: { show: false },
    tooltip: { ...tooltipOf(palette), valueFormatter: (value) => money(Number(value)) },
    xAxis: { ...categoryAxis(palette, days(charts.valueAtRiskOverTime)), boundaryGap: false },
    yAxis: valueAxis(palette, money),
    series: [
      {
        name: 'Value at risk',
        type: 'line',
        symbol: 'none',
        step: 'end',
        lineStyle: { width: 2, color: palette.series.one },
        itemStyle: { color: palette.series.one },
        areaStyle: { color: palette.series.one, opacity: 0.15 },
        data: charts.valueAtRiskOverTime.map((day) => day.amount),
      },
    ],
  };
}
