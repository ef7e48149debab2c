import { cn } from '@/utils/cn';
import { BarChart, LineChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
} from 'echarts/components';
import { init, use as registerECharts, type EChartsType } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { ChartOption } from '../utils/chart-options';

// Only what these charts draw: ECharts' full build would triple the chunk.
registerECharts([
  BarChart,
  LineChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  DataZoomComponent,
  CanvasRenderer,
]);

/**
 * One ECharts canvas, loaded on demand (React.lazy) so no other screen carries ECharts. The
 * option is replaced whole when it changes (a window, a scope or the theme), and the chart
 * follows its box's size.
 */
export function EChart({
  option,
  label,
  className,
  height,
}: {
  option: ChartOption;
  /** What the chart shows, for screen readers (the canvas has no text of its own). */
  label: string;
  className?: string;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = init(element, null, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      style={height ? { height } : undefined}
      className={cn('h-64 w-full', className)}
    />
  );
}
