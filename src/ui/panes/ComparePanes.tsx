// Compare mode (two or more tasks marked): the scalars pane becomes a table of last, min and
// max values (the best one marked), one column per marked task, and the chart overlays the selected series across the tasks,
// each task with its own colour (or, without colour, its own line glyphs) and a legend entry
// carrying its name and last value.
import { useMemo, type ReactNode } from 'react';
import type { CompareState } from '../../store/types.js';
import { renderView } from '../../text/chart.js';
import { compareColumns, overlayView, shortName, taskStarts, type OverlayInput } from '../../text/compare.js';
import { counted } from '../../text/format.js';
import { plotToText } from '../../text/plot/index.js';
import { sanitize } from '../../text/sanitize.js';
import { smoothingLabel } from '../../text/smooth.js';
import { cell, clip } from '../cells.js';
import { useMonitor, useTheme } from '../context.js';
import { paneInner } from '../layout.js';
import { DimLine, ErrorLine } from '../components/Notice.js';
import { PaneFrame } from '../components/PaneFrame.js';
import { axisInfo, ChartPane, chartLines } from './ChartPane.js';
import { PlotsPane } from './PlotsPane.js';
import { ScalarsPane, seriesName } from './ScalarsPane.js';
import { shortenNames } from '../../text/series-names.js';
import type { Theme } from '../theme.js';
import type { PaneProps } from './types.js';
import { useScrollTop } from './use-scroll-top.js';
import { useSmoothingWeight } from './use-smoothing-weight.js';
import { CompareStatRows, STAT_LABEL, STAT_LINES } from './CompareStatRows.js';

const useComparing = (): boolean => useMonitor((s) => s.tasks.marked.length >= 2);

function compareInfo(compare: CompareState, marked: number, ellipsis: string): string[] {
  const info = [`compare ${marked} tasks`];
  if (marked > compare.taskIds.length && compare.taskIds.length > 0) info.push(`first ${compare.taskIds.length}`);
  if (compare.loading) info.push(`loading${ellipsis}`);
  return info;
}

function emptyText(compare: CompareState, what: string, ellipsis: string): string {
  return compare.loading || compare.fetchedAt === null
    ? `loading ${what}${ellipsis}`
    : `the marked tasks have no ${what}`;
}

export function CompareScalarsPane(props: PaneProps): ReactNode {
  const theme = useTheme();
  const compare = useMonitor((s) => s.compare);
  const marked = useMonitor((s) => s.tasks.marked.length);
  const inner = paneInner(props);
  const columns = compareColumns(inner.width, compare.taskIds.length);
  const listRows = Math.max(0, inner.height - 1 - (compare.error ? 1 : 0));
  // Each series takes three lines: its last, min and max per task (CompareStatRows).
  const perScreen = Math.max(1, Math.floor(listRows / STAT_LINES));
  const top = useScrollTop(compare.selectedIndex, perScreen, compare.rows.length);
  const ids = compare.taskIds.slice(0, columns.shown);
  // Names fitted to the column so that they stay distinct (text/series-names.ts).
  const nameWidth = columns.name - 1 - STAT_LABEL;
  const names = useMemo(
    () =>
      shortenNames(
        compare.rows.map((r) => seriesName(r.metric, r.variant, theme)),
        nameWidth,
        theme.glyphs.ellipsis,
      ),
    [compare.rows, nameWidth, theme],
  );
  const info = compareInfo(compare, marked, theme.glyphs.ellipsis);
  if (ids.length < compare.taskIds.length) info.push(`${counted(ids.length, 'column')} fit`);
  const header =
    cell('metric', columns.name) +
    ids
      .map(
        (id) =>
          ' ' + cell(shortName(compare.names[id] ?? id, columns.value, theme.glyphs.ellipsis), columns.value, 'right'),
      )
      .join('');
  let body: ReactNode;
  if (compare.rows.length === 0)
    body = <DimLine text={emptyText(compare, 'scalars', theme.glyphs.ellipsis)} width={inner.width} />;
  else
    body = (
      <CompareStatRows
        compare={compare}
        ids={ids}
        top={top}
        count={perScreen}
        nameWidth={columns.name}
        valueWidth={columns.value}
        focused={props.focused}
        names={names}
      />
    );
  return (
    <PaneFrame title="scalars" info={info} focused={props.focused} width={props.width} height={props.height}>
      {compare.error ? <ErrorLine error={compare.error} width={inner.width} /> : null}
      <DimLine text={header} width={inner.width} />
      {body}
    </PaneFrame>
  );
}

function overlayInput(compare: CompareState, starts: Record<string, number | null>): OverlayInput {
  const row = compare.rows[compare.selectedIndex];
  return {
    taskIds: compare.taskIds,
    names: compare.names,
    row,
    byTask: row === undefined ? undefined : compare.series[row.metric]?.[row.variant],
    starts,
  };
}

export function CompareChartPane(props: PaneProps): ReactNode {
  const theme = useTheme();
  const compare = useMonitor((s) => s.compare);
  const marked = useMonitor((s) => s.tasks.marked.length);
  const log = useMonitor((s) => s.ui.logScale);
  const weight = useSmoothingWeight();
  const inner = paneInner(props);
  const bodyRows = Math.max(0, inner.height - (compare.error ? 1 : 0));
  const starts = useMemo(() => taskStarts(compare.series), [compare.series]);
  const view = useMemo(
    () => overlayView(overlayInput(compare, starts), { weight, axis: compare.seriesAxis, log }),
    [compare, starts, weight, log],
  );
  const rows = useMemo(
    () =>
      renderView(view, {
        width: inner.width,
        height: bodyRows,
        xAxis: compare.seriesAxis,
        log,
        color: theme.color,
        ascii: theme.ascii,
      }),
    [view, inner.width, bodyRows, compare.seriesAxis, log, theme.color, theme.ascii],
  );
  const row = compare.rows[compare.selectedIndex];
  const title = row === undefined ? 'chart' : `chart: ${seriesName(row.metric, row.variant, theme)}`;
  const info = [
    ...compareInfo(compare, marked, theme.glyphs.ellipsis),
    ...axisInfo(compare.seriesAxis, log, view),
    `smoothing: ${smoothingLabel(weight)}`,
  ];
  const body =
    view.series.length === 0 ? (
      <DimLine text={emptyText(compare, 'samples', theme.glyphs.ellipsis)} width={inner.width} />
    ) : (
      chartLines(rows)
    );
  return (
    <PaneFrame title={title} info={info} focused={props.focused} width={props.width} height={props.height}>
      {compare.error ? <ErrorLine error={compare.error} width={inner.width} /> : null}
      {body}
    </PaneFrame>
  );
}

/** Rows one plot gets at most, so the next task's plot is reachable without scrolling far. */
const COMPARE_PLOT_ROWS = 16;

/** The plots pane's lines in compare mode: each plot titled with its series and task, from `top` on. */
export function comparePlotLines(compare: CompareState, width: number, height: number, theme: Theme): string[] {
  const lines: string[] = [];
  for (let i = compare.plotsTop; i < compare.plots.length && lines.length < height; i++) {
    const plot = compare.plots[i];
    if (plot === undefined) continue;
    const sep = ` ${theme.glyphs.separator} `;
    const title = `${seriesName(plot.metric, plot.variant, theme)}${sep}${sanitize(plot.taskName)}${sep}iter ${plot.iter}`;
    lines.push(clip(title, width, theme.glyphs.ellipsis));
    const rows = Math.min(height - lines.length, COMPARE_PLOT_ROWS);
    if (rows > 0)
      lines.push(...plotToText(plot.plotStr, { width, height: rows, color: theme.color, ascii: theme.ascii }));
  }
  return lines.slice(0, Math.max(0, height));
}

export function ComparePlotsPane(props: PaneProps): ReactNode {
  const theme = useTheme();
  const compare = useMonitor((s) => s.compare);
  const marked = useMonitor((s) => s.tasks.marked.length);
  const inner = paneInner(props);
  const bodyRows = Math.max(0, inner.height - (compare.error ? 1 : 0));
  const lines = useMemo(
    () => comparePlotLines(compare, inner.width, bodyRows, theme),
    [compare, inner.width, bodyRows, theme],
  );
  const count = compare.plots.length;
  const info = compareInfo(compare, marked, theme.glyphs.ellipsis);
  if (count > 0) info.push(`plot ${Math.min(compare.plotsTop + 1, count)}/${count}`);
  return (
    <PaneFrame title="plots" info={info} focused={props.focused} width={props.width} height={props.height}>
      {compare.error ? <ErrorLine error={compare.error} width={inner.width} /> : null}
      {count === 0 ? (
        <DimLine text={emptyText(compare, 'plots', theme.glyphs.ellipsis)} width={inner.width} />
      ) : (
        chartLines(lines)
      )}
    </PaneFrame>
  );
}

/** The scalars pane, or the compare table while two or more tasks are marked. */
export function ScalarsOrCompare(props: PaneProps): ReactNode {
  return useComparing() ? <CompareScalarsPane {...props} /> : <ScalarsPane {...props} />;
}

/** The chart pane, or the overlay of the marked tasks while two or more are marked. */
export function ChartOrCompare(props: PaneProps): ReactNode {
  return useComparing() ? <CompareChartPane {...props} /> : <ChartPane {...props} />;
}

/** The plots pane, or the marked tasks' plots one after another while two or more are marked. */
export function PlotsOrCompare(props: PaneProps): ReactNode {
  return useComparing() ? <ComparePlotsPane {...props} /> : <PlotsPane {...props} />;
}
