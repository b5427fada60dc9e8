// One metric at full size: every variant as a line (asciichart through src/text/chart.ts),
// with a legend, y labels that fit, iteration / time / time since start on x, a log-scale y,
// and optional EMA smoothing drawn over the raw curve dimmed.
import { useMemo, type ReactNode } from 'react';
import { Text } from 'ink';
import type { ScalarSeries, XAxisMode } from '../../store/types.js';
import { renderView } from '../../text/chart.js';
import { chartView, earliestX, EMPTY_VIEW, type ChartView } from '../../text/chart-scale.js';
import { counted } from '../../text/format.js';
import { sanitize } from '../../text/sanitize.js';
import { emaSmooth, smoothingLabel } from '../../text/smooth.js';
import { useMonitor, useTheme } from '../context.js';
import { paneInner } from '../layout.js';
import { DimLine, ErrorLine } from '../components/Notice.js';
import { PaneFrame } from '../components/PaneFrame.js';
import type { PaneProps } from './types.js';
import { useSmoothingWeight } from './use-smoothing-weight.js';

/** The variants of one metric, in name order, as the chart draws them. */
export function chartSeries(
  variants: Record<string, ScalarSeries> | undefined,
  opts: { weight: number; axis: XAxisMode; log: boolean; start?: number | null },
): ChartView {
  if (variants === undefined) return EMPTY_VIEW;
  const raw = Object.keys(variants)
    .sort()
    .map((name) => ({ name, ...(variants[name] as ScalarSeries), start: opts.start ?? null }));
  return chartView(raw, {
    smooth: opts.weight > 0 ? (y) => emaSmooth(y, opts.weight) : null,
    since: opts.axis === 'since',
    log: opts.log,
  });
}

/**
 * The info a chart's frame shows about its axes: `x: …`, whether bucket means hide extremes
 * there, `log y` and what log y leaves out.
 */
export function axisInfo(
  axis: XAxisMode,
  log: boolean,
  view: Pick<ChartView, 'dropped' | 'droppedExact' | 'extremesHidden'>,
): string[] {
  const info = [`x: ${axis === 'since' ? 'since start' : axis}`];
  if (view.extremesHidden) info.push('min/max averaged out (x: iter shows them)');
  if (log)
    info.push(
      view.dropped > 0
        ? `log y: ${view.droppedExact ? '' : 'at least '}${counted(view.dropped, 'value')} <= 0 not drawn`
        : 'log y',
    );
  return info;
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
  const log = useMonitor((s) => s.ui.logScale);
  const inner = paneInner(props);
  const metric = scalars.chartMetric ?? scalars.rows[0]?.metric ?? null;
  const variants = metric === null ? undefined : scalars.series[metric];
  const bodyRows = Math.max(0, inner.height - (scalars.error ? 1 : 0));
  // The run starts at its earliest point of any series (time since start).
  const start = useMemo(
    () => earliestX(Object.values(scalars.series).flatMap((v) => Object.values(v))),
    [scalars.series],
  );
  const view = useMemo(
    () => chartSeries(variants, { weight, axis: scalars.seriesAxis, log, start }),
    [variants, weight, scalars.seriesAxis, log, start],
  );
  const rows = useMemo(
    () =>
      variants === undefined
        ? []
        : renderView(view, {
            width: inner.width,
            height: bodyRows,
            xAxis: scalars.seriesAxis,
            log,
            color: theme.color,
            ascii: theme.ascii,
          }),
    [variants, view, inner.width, bodyRows, scalars.seriesAxis, log, theme.color, theme.ascii],
  );
  const info = [...axisInfo(scalars.seriesAxis, log, view), `smoothing: ${smoothingLabel(weight)}`];
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
