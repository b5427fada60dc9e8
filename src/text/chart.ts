// Line chart of one or more named series as terminal rows, drawn with asciichart.
//
// asciichart throws on NaN/Infinity/undefined and empty input, has no notion of x values, gaps,
// or series that start later, and colours with raw SGR. So this wrapper owns the layout:
// every series is resampled (LTTB by x) onto one shared x grid of plot columns, each unbroken
// run of finite values is drawn by asciichart on its own (values normalised to row units, so
// rounding is exact and extreme magnitudes cannot overflow), and the runs are composed into one
// grid with our own y labels, x tick labels, legend and colours. One point per column cannot
// show everything a column holds, so each column is then extended up to its largest and down
// to its smallest value (the min/max envelope): the drawn rows reach the data's true extremes,
// and the y axis, which spans every point, is labelled with them.
import asciichart from 'asciichart';
import { lttbByX, finiteXRange } from './downsample.js';
import type { XRange } from './downsample.js';
import { fromLogScale, type ChartView } from './chart-scale.js';
import { axisLabelFormatter, formatNumber } from './format.js';
import { niceStep, tickLine, type XAxisMode } from './chart-axis.js';
import { sanitize } from './sanitize.js';
import { displayWidth, fitToWidth, truncateToWidth } from './width.js';

export interface ChartSeries {
  name: string;
  /** Iteration numbers, or epoch ms in time mode. */
  x: ArrayLike<number>;
  y: ArrayLike<number>;
}

export type { XAxisMode };

interface ChartOptions {
  /** Columns available; no row is longer. */
  width: number;
  /** Rows returned in total: plot, then (room permitting) x tick labels and a legend. */
  height: number;
  xAxis?: XAxisMode;
  /** Colour series with SGR; without it each series gets its own line glyphs. */
  color?: boolean;
  /** ASCII glyphs only. */
  ascii?: boolean;
  /** Fixed y range; default: the range of the data. */
  yRange?: { min: number; max: number };
  /** Shown left of the x tick labels; default the x-axis mode's name. */
  xTitle?: string;
  /** y values are log10 of the data (see chart-scale.ts): labels show the data's values. */
  logY?: boolean;
  /** Curves drawn dimmed under the series (the raw data under smoothed lines); same order. */
  underlay?: readonly ChartSeries[];
}

const SGR_RESET = '\u001b[0m';
const SGR_DIM = '\u001b[2m';
export const SERIES_COLORS: readonly string[] = [
  '\u001b[36m', // cyan
  '\u001b[35m', // magenta
  '\u001b[33m', // yellow
  '\u001b[32m', // green
  '\u001b[34m', // blue
  '\u001b[31m', // red
  '\u001b[96m', // bright cyan
  '\u001b[95m', // bright magenta
];

// asciichart symbol order: [axis at zero, axis, ╶, ╴, horizontal, ╰, ╭, ╮, ╯, vertical].
const BOX_GLYPHS: readonly (readonly string[])[] = [
  ['┼', '┤', '╶', '╴', '─', '╰', '╭', '╮', '╯', '│'],
  ['┼', '┤', '╺', '╸', '━', '┗', '┏', '┓', '┛', '┃'],
  ['┼', '┤', '╶', '╴', '═', '╚', '╔', '╗', '╝', '║'],
  ['┼', '┤', '╶', '╴', '┄', '╰', '╭', '╮', '╯', '┆'],
];
const ASCII_GLYPHS: readonly (readonly string[])[] = [
  ['+', '|', '-', '-', '-', '+', '+', '+', '+', '|'],
  ['+', '|', '=', '=', '=', '#', '#', '#', '#', '#'],
  ['+', '|', '~', '~', '~', '*', '*', '*', '*', ':'],
  ['+', '|', '.', '.', '.', '.', '.', '.', '.', ':'],
];
const HORIZONTAL = 4;

interface Cell {
  ch: string;
  series: number;
}

interface Style {
  glyphs: readonly string[];
  color: string | undefined;
}

function seriesStyle(index: number, color: boolean, ascii: boolean): Style {
  const sets = ascii ? ASCII_GLYPHS : BOX_GLYPHS;
  if (color) {
    const glyphs = sets[Math.floor(index / SERIES_COLORS.length) % sets.length] as readonly string[];
    return { glyphs, color: SERIES_COLORS[index % SERIES_COLORS.length] };
  }
  return { glyphs: sets[index % sets.length] as readonly string[], color: undefined };
}

/** Smallest and largest finite y of all series, or undefined. */
function finiteYRange(series: readonly ChartSeries[]): XRange | undefined {
  let min = Infinity;
  let max = -Infinity;
  for (const s of series) {
    const n = Math.min(s.x.length, s.y.length);
    for (let i = 0; i < n; i++) {
      const y = s.y[i] as number;
      if (!Number.isFinite(y) || !Number.isFinite(s.x[i] as number)) continue;
      if (y < min) min = y;
      if (y > max) max = y;
    }
  }
  return min <= max ? { min, max } : undefined;
}

/**
 * Widens a zero-width range so a constant series is drawn mid-height, exactly on a row whose
 * label is its value: rows are spaced by a round step of about a fifth of the value.
 */
function padRange(range: XRange, rowSteps: number): XRange {
  if (range.max > range.min) return range;
  const v = range.min;
  const steps = Math.max(1, rowSteps);
  let step = niceStep((Math.abs(v) * 0.2) / steps);
  if (!(step > 0) || !Number.isFinite(step) || v + step === v) step = 1;
  const lo = v - Math.floor(steps / 2) * step;
  const hi = lo + steps * step;
  if (Number.isFinite(lo) && Number.isFinite(hi) && hi > lo) return { min: lo, max: hi };
  return v > 0 ? { min: 0, max: v } : { min: v, max: 0 };
}

/** One series on the grid: the line's value at each grid point, and each bucket's min and max. */
interface Resampled {
  grid: Float64Array;
  min: Float64Array;
  max: Float64Array;
}

/**
 * Values of one series at each of `points` grid points over `xRange` (one LTTB bucket per
 * point). Between two kept points the line is interpolated; a bucket with only non-finite
 * values is a gap (NaN), and so is everything before the first and after the last point.
 */
function resample(s: ChartSeries, points: number, xRange: XRange): Resampled {
  const grid = new Float64Array(points).fill(Number.NaN);
  const sampled = lttbByX({ x: s.x, y: s.y }, points, xRange);
  const span = xRange.max - xRange.min;
  for (let k = 0; k < sampled.bucket.length; k++) {
    const b = sampled.bucket[k] as number;
    const y = sampled.y[k] as number;
    grid[b] = y;
    const nextB = sampled.bucket[k + 1];
    const nextY = sampled.y[k + 1];
    if (nextB === undefined || nextY === undefined || Number.isNaN(y) || Number.isNaN(nextY)) continue;
    const x0 = sampled.x[k] as number;
    const x1 = sampled.x[k + 1] as number;
    for (let g = b + 1; g < nextB; g++) {
      const center = xRange.min + ((g + 0.5) * span) / points;
      const t = x1 > x0 ? Math.min(1, Math.max(0, (center - x0) / (x1 - x0))) : 0;
      grid[g] = y + (nextY - y) * t;
    }
  }
  return { grid, min: sampled.min, max: sampled.max };
}

/** Row (0 = top) of a value on a plot of `h + 1` rows spanning `range`. */
function rowOf(value: number, range: XRange, h: number): number {
  const halfSpan = range.max / 2 - range.min / 2;
  const t = halfSpan > 0 ? (value / 2 - range.min / 2) / halfSpan : 0.5;
  const level = Math.round(Math.min(1, Math.max(0, t)) * h);
  return h - level;
}

/** Draws the finite runs of one resampled series into `cells` (rows x columns). */
function drawSeries(
  grid: Float64Array,
  seriesIndex: number,
  style: Style,
  range: XRange,
  h: number,
  cells: (Cell | undefined)[][],
  axisMarks: (Cell | undefined)[],
): void {
  const columns = cells[0]?.length ?? 0;
  const pad = '  ';
  let start = 0;
  while (start < grid.length) {
    if (Number.isNaN(grid[start] as number)) {
      start++;
      continue;
    }
    let end = start;
    while (end + 1 < grid.length && !Number.isNaN(grid[end + 1] as number)) end++;
    const levels: number[] = [];
    for (let g = start; g <= end; g++) levels.push(h - rowOf(grid[g] as number, range, h));

    if (start === 0) axisMarks[h - (levels[0] as number)] = { ch: style.glyphs[0] as string, series: seriesIndex };
    if (levels.length === 1) {
      const column = Math.min(start, columns - 1);
      const row = cells[h - (levels[0] as number)];
      if (row && column >= 0) row[column] = { ch: style.glyphs[HORIZONTAL] as string, series: seriesIndex };
    } else {
      // Levels are integers in 0..h, so asciichart's rounding and scaling are exact here.
      const drawn = asciichart
        .plot(levels, { min: 0, max: h, height: h, offset: 2, format: () => pad, symbols: [...style.glyphs] })
        .split('\n');
      const dataStart = pad.length + 1;
      for (let r = 0; r <= h && r < drawn.length; r++) {
        const line = drawn[r] as string;
        const row = cells[r];
        if (!row) continue;
        for (let j = 0; j < levels.length - 1; j++) {
          const ch = line[dataStart + j];
          const column = start + j;
          if (ch === undefined || ch === ' ' || column >= columns) continue;
          row[column] = { ch, series: seriesIndex };
        }
      }
    }
    start = end + 1;
  }
}

const VERTICAL = 9;

/**
 * Extends each column of a drawn series over every row its points in that column reach: the
 * line shows one point per column, this adds the rest of the column's range (a spike, a dip)
 * as a vertical stroke joined to the line. Buckets are the grid points of `resample` (column c
 * is drawn from grid point c to c + 1, so it takes bucket c, and the last column the last two).
 */
function drawEnvelope(
  resampled: Resampled,
  seriesIndex: number,
  style: Style,
  range: XRange,
  h: number,
  cells: (Cell | undefined)[][],
): void {
  const columns = cells[0]?.length ?? 0;
  const { min, max } = resampled;
  for (let c = 0; c < columns; c++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let b = c; b <= (c === columns - 1 ? min.length - 1 : c); b++) {
      // NaN (an empty bucket) fails both comparisons.
      if ((min[b] as number) < lo) lo = min[b] as number;
      if ((max[b] as number) > hi) hi = max[b] as number;
    }
    if (!(lo <= hi)) continue;
    const top = rowOf(hi, range, h);
    const bottom = rowOf(lo, range, h);
    let lineTop = -1;
    let lineBottom = -1;
    for (let r = 0; r <= h; r++) {
      if (cells[r]?.[c]?.series !== seriesIndex) continue;
      if (lineTop < 0) lineTop = r;
      lineBottom = r;
    }
    const stroke: Cell = { ch: style.glyphs[top === bottom ? HORIZONTAL : VERTICAL] as string, series: seriesIndex };
    for (let r = top; r <= bottom; r++) {
      const row = cells[r];
      if (row && (lineTop < 0 || r < lineTop || r > lineBottom)) row[c] = stroke;
    }
  }
}

/** Dimmed in colour; dotted without (so it cannot be taken for a series). */
function underlayStyle(index: number, color: boolean, ascii: boolean): Style {
  if (color) {
    const own = seriesStyle(index, color, ascii);
    return { glyphs: own.glyphs, color: SGR_DIM + (own.color ?? '') };
  }
  const dot = ascii ? '.' : '·';
  return {
    glyphs: [...((ascii ? ASCII_GLYPHS[0] : BOX_GLYPHS[0]) ?? []).slice(0, 2), ...new Array<string>(8).fill(dot)],
    color: undefined,
  };
}

function paint(text: string, color: string | undefined): string {
  return color === undefined ? text : color + text + SGR_RESET;
}

function renderCells(row: readonly (Cell | undefined)[], styles: readonly Style[]): string {
  let out = '';
  let run = '';
  let runSeries = -1;
  const flush = (): void => {
    if (run.length > 0) out += runSeries < 0 ? run : paint(run, styles[runSeries]?.color);
    run = '';
  };
  for (const cell of row) {
    const series = cell ? cell.series : -1;
    if (series !== runSeries) {
      flush();
      runSeries = series;
    }
    run += cell ? cell.ch : ' ';
  }
  flush();
  return out.replace(/ +$/, '');
}

function legendLine(series: readonly ChartSeries[], styles: readonly Style[], width: number): string {
  const parts = series.map((s, i) => {
    const style = styles[i] as Style;
    const glyph = style.glyphs[HORIZONTAL] as string;
    return `${paint(glyph + glyph, style.color)} ${sanitize(s.name)}`;
  });
  return truncateToWidth(parts.join('  '), width, { ellipsis: '…' });
}

/**
 * Renders `series` as exactly `options.height` rows, none wider than `options.width`: the plot
 * with y labels, then a row of x tick labels (iterations or times) when height >= 3, then a
 * legend when height >= 4. Never throws: empty, non-finite, constant and single-point input
 * all render.
 */
export function renderChart(series: readonly ChartSeries[], options: ChartOptions): string[] {
  const width = Number.isFinite(options.width) ? Math.max(0, Math.floor(options.width)) : 0;
  const height = Number.isFinite(options.height) ? Math.max(0, Math.floor(options.height)) : 0;
  if (width === 0 || height === 0) return new Array<string>(height).fill('');
  const mode = options.xAxis ?? 'iter';
  const color = options.color === true;
  const ascii = options.ascii === true;

  const withLegend = height >= 4 && series.length > 0;
  const withTicks = height >= 3;
  const plotRows = height - (withLegend ? 1 : 0) - (withTicks ? 1 : 0);
  const h = plotRows - 1;
  const rows: string[] = [];

  let xRange: XRange | undefined;
  for (const s of series) {
    const r = finiteXRange({ x: s.x, y: s.y });
    if (!r) continue;
    xRange = xRange ? { min: Math.min(xRange.min, r.min), max: Math.max(xRange.max, r.max) } : r;
  }
  const underlay = options.underlay ?? [];
  const fixedY = options.yRange;
  const dataY = finiteYRange([...series, ...underlay]);
  const useFixed = fixedY && Number.isFinite(fixedY.min) && Number.isFinite(fixedY.max) && fixedY.min <= fixedY.max;
  if (!xRange || !dataY) {
    const middle = Math.floor((height - 1) / 2);
    for (let r = 0; r < height; r++)
      rows.push(r === middle ? fitToWidth('no data', width, { align: 'center' }).trimEnd() : '');
    return rows;
  }
  const yRange = padRange(useFixed ? { min: fixedY.min, max: fixedY.max } : dataY, h);

  // Gutter: right-aligned y labels, a space, the axis. Dropped when the chart is too narrow.
  const maxLabel = Math.max(1, Math.min(10, Math.floor((width - 2) / 3)));
  const format =
    options.logY === true
      ? (v: number): string => formatNumber(Number(fromLogScale(v).toPrecision(3)), maxLabel)
      : axisLabelFormatter(yRange.min, yRange.max, Math.max(1, h), maxLabel, !useFixed);
  const labels: string[] = [];
  for (let r = 0; r <= h; r++) {
    labels.push(
      h > 0 ? format(yRange.max - (r * (yRange.max - yRange.min)) / h) : format((yRange.min + yRange.max) / 2),
    );
  }
  let labelWidth = Math.max(...labels.map((l) => l.length)) + 1;
  if (width - labelWidth - 1 < 4) labelWidth = 0;
  const columns = Math.max(0, width - labelWidth - 1);
  // Asciichart draws n points as n - 1 columns right of the axis (the first sits on the axis).
  const points = columns + 1;

  const styles = series.map((_, i) => seriesStyle(i, color, ascii));
  const cells: (Cell | undefined)[][] = [];
  for (let r = 0; r <= h; r++) cells.push(new Array<Cell | undefined>(columns).fill(undefined));
  const axisMarks: (Cell | undefined)[] = new Array<Cell | undefined>(h + 1).fill(undefined);
  // The underlay first (its styles after the series'), so the series are drawn over it.
  const underMarks: (Cell | undefined)[] = new Array<Cell | undefined>(h + 1).fill(undefined);
  underlay.forEach((s, i) => {
    const style = underlayStyle(i, color, ascii);
    styles[series.length + i] = style;
    const resampled = resample(s, points, xRange);
    drawSeries(resampled.grid, series.length + i, style, yRange, h, cells, underMarks);
    drawEnvelope(resampled, series.length + i, style, yRange, h, cells);
  });
  series.forEach((s, i) => {
    const resampled = resample(s, points, xRange);
    drawSeries(resampled.grid, i, styles[i] as Style, yRange, h, cells, axisMarks);
    drawEnvelope(resampled, i, styles[i] as Style, yRange, h, cells);
  });

  const glyphs = ascii ? ASCII_GLYPHS[0] : BOX_GLYPHS[0];
  const zeroRow = options.logY !== true && yRange.min <= 0 && yRange.max >= 0 ? rowOf(0, yRange, h) : -1;
  for (let r = 0; r <= h; r++) {
    const label = labelWidth > 0 ? `${(labels[r] as string).padStart(labelWidth - 1)} ` : '';
    const mark = axisMarks[r];
    const axis = mark
      ? paint(mark.ch, styles[mark.series]?.color)
      : ((r === zeroRow ? glyphs?.[0] : glyphs?.[1]) as string);
    rows.push(truncateToWidth(label + axis + renderCells(cells[r] as (Cell | undefined)[], styles), width));
  }

  if (withTicks) {
    const title = options.xTitle !== undefined ? sanitize(options.xTitle) : mode;
    const gutter = labelWidth + 1;
    const titleText =
      displayWidth(title) < gutter ? fitToWidth(title, gutter - 1, { align: 'right' }) + ' ' : ' '.repeat(gutter);
    rows.push(truncateToWidth((titleText + tickLine(xRange, columns, points, mode)).trimEnd(), width));
  }
  if (withLegend) rows.push(legendLine(series, styles, width));
  return rows;
}

interface ViewOptions {
  width: number;
  height: number;
  xAxis: XAxisMode;
  log: boolean;
  color: boolean;
  ascii: boolean;
}

/**
 * The rows of a chart view (src/text/chart-scale.ts): its series over the raw curves when
 * smoothed, log labels on a log scale, and `since start` under an x of time since start. The
 * chart pane and compare's overlay both draw through here.
 */
export function renderView(view: ChartView, opts: ViewOptions): string[] {
  return renderChart(view.series, {
    width: opts.width,
    height: opts.height,
    xAxis: opts.xAxis,
    color: opts.color,
    ascii: opts.ascii,
    logY: opts.log,
    underlay: view.underlay,
    ...(opts.xAxis === 'since' ? { xTitle: 'since start' } : {}),
  });
}
