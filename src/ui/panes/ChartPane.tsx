// One metric at full size: every variant as a line (asciichart through src/text/chart.ts),
// with a legend, y labels that fit, iteration or time on x, and optional EMA smoothing.
import { useMemo, type ReactNode } from 'react';
import { Text } from 'ink';
import type { ScalarSeries, XAxisMode } from '../../store/types.js';
import { renderChart, type ChartSeries } from '../../text/chart.js';
import { sanitize } from '../../text/sanitize.js';
import { emaSmooth, smoothingLabel } from '../../text/smooth.js';
import { useMonitor, useTheme } from '../context.js';
import { paneInner } from '../layout.js';
import { DimLine, ErrorLine } from '../components/Notice.js';
import { PaneFrame } from '../components/PaneFrame.js';
import type { PaneProps } from './types.js';
import { useSmoothingWeight } from './use-smoothing-weight.js';

/** The variants of one metric as chart series, smoothed with `weight` (0 = raw). */
export function chartSeries(variants: Record<string, ScalarSeries> | undefined, weight: number): ChartSeries[] {
  if (variants === undefined) return [];
  return Object.keys(variants)
    .sort()
    .map((name) => {
      const s = variants[name] as ScalarSeries;
      return { name, x: s.x, y: weight > 0 ? emaSmooth(s.y, weight) : s.y };
    });
}

export function chartRows(
  variants: Record<string, ScalarSeries> | undefined,
  opts: { width: number; height: number; weight: number; axis: XAxisMode; color: boolean; ascii: boolean },
): string[] {
  return renderChart(chartSeries(variants, opts.weight), {
    width: opts.width,
    height: opts.height,
    xAxis: opts.axis,
    color: opts.color,
    ascii: opts.ascii,
  });
}

/** Chart rows, one Text each (`truncate` would fold a multi-line string into one line). */
export function chartLines(rows: readonly string[]): ReactNode[] {
  return rows.map((row, i) => (
    <Text key={i} wrap="truncate-end">
      {row === '' ? ' ' : row}
    </Text>
  ));
}

export function ChartPane(props: PaneProps): ReactNode {
  const theme = useTheme();
  const scalars = useMonitor((s) => s.scalars);
  const weight = useSmoothingWeight();
  const xAxis = useMonitor((s) => s.ui.xAxis);
  const inner = paneInner(props);
  const metric = scalars.chartMetric ?? scalars.rows[0]?.metric ?? null;
  const variants = metric === null ? undefined : scalars.series[metric];
  const bodyRows = Math.max(0, inner.height - (scalars.error ? 1 : 0));
  const rows = useMemo(
    () =>
      variants === undefined
        ? []
        : chartRows(variants, {
            width: inner.width,
            height: bodyRows,
            weight,
            axis: scalars.seriesAxis,
            color: theme.color,
            ascii: theme.ascii,
          }),
    [variants, inner.width, bodyRows, weight, scalars.seriesAxis, theme.color, theme.ascii],
  );
  const info = [`x: ${scalars.seriesAxis}`, `smoothing: ${smoothingLabel(weight)}`];
  if (xAxis !== scalars.seriesAxis || (scalars.loading && variants !== undefined))
    info.push(`loading${theme.glyphs.ellipsis}`);
  const title = metric === null ? 'chart' : `chart: ${sanitize(metric)}`;

  let body: ReactNode;
  if (metric === null)
    body = (
      <DimLine
        text={
          scalars.loading
            ? `loading scalars${theme.glyphs.ellipsis}`
            : 'no metric to draw (Enter on a scalar row picks one)'
        }
        width={inner.width}
      />
    );
  else if (variants === undefined) {
    const text = scalars.loading
      ? `loading${theme.glyphs.ellipsis}`
      : `no samples for ${sanitize(metric)}; j/k here picks another metric`;
    body = <DimLine text={text} width={inner.width} />;
  } else body = chartLines(rows);
  return (
    <PaneFrame title={title} info={info} focused={props.focused} width={props.width} height={props.height}>
      {scalars.error ? <ErrorLine error={scalars.error} width={inner.width} /> : null}
      {body}
    </PaneFrame>
  );
}
