import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type ChartSeries = {
  label: string;
  values: number[];
  color: string;
  /** Dashed, for the previous period beside the current one. */
  isDashed?: boolean;
};

/**
 * A uPlot chart (canvas) sized to its container: lines, or bars for categories. It is drawn
 * for sighted users only (aria-hidden); each chart's caller puts the same numbers in a table.
 */
export function UplotChart({
  xLabel,
  labels,
  series,
  kind,
  formatValue,
  height = 220,
}: {
  /** What the x axis counts (day, hour): uPlot's legend would say "Value" otherwise. */
  xLabel: string;
  labels: string[];
  series: ChartSeries[];
  kind: 'line' | 'bar';
  formatValue: (value: number) => string;
  height?: number;
}) {
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const bars = uPlot.paths.bars?.({ size: [0.7, 48] });
    const options: uPlot.Options = {
      width: Math.max(container.clientWidth, 200),
      height,
      legend: { show: series.length > 1 },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: false } },
      axes: [
        {
          values: (_plot, splits) => splits.map((split) => labels[Math.round(split)] ?? ''),
          stroke: '#475569',
          grid: { show: false },
        },
        {
          values: (_plot, splits) => splits.map((split) => formatValue(split)),
          stroke: '#475569',
          size: 70,
          grid: { stroke: '#e2e8f0' },
        },
      ],
      series: [
        { label: xLabel },
        ...series.map((line) => ({
          label: line.label,
          stroke: line.color,
          width: 2,
          ...(line.isDashed ? { dash: [6, 4] } : {}),
          ...(kind === 'bar' && bars
            ? { paths: bars, fill: line.color, points: { show: false } }
            : {}),
          value: (_plot: uPlot, value: number | null) => (value === null ? '' : formatValue(value)),
        })),
      ],
    };
    const data: uPlot.AlignedData = [
      labels.map((_, index) => index),
      ...series.map((line) => line.values),
    ];
    const plot = new uPlot(options, data, container);
    // Follows the container's width, so the chart fits a phone and a wide screen alike.
    const observer = new ResizeObserver(() => {
      plot.setSize({ width: Math.max(container.clientWidth, 200), height });
    });
    observer.observe(container);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [xLabel, labels, series, kind, formatValue, height]);

  return <div ref={containerRef} aria-hidden="true" className="w-full overflow-hidden" />;
}
