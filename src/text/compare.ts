// Compare mode as text: the table of last values (one row per metric/variant, one column per
// marked task), task names shortened to a column, and the chart's series and legend labels
// (each task's name and last value). Pure: the store and the panes call these.
import type { XAxisMode } from './chart-axis.js';
import { chartView, earliestX, EMPTY_VIEW, type ChartView } from './chart-scale.js';
import { formatNumber } from './format.js';
import { emaSmooth } from './smooth.js';
import { sanitize } from './sanitize.js';
import type { SampledSeries } from './series-truth.js';
import { displayWidth, truncateToWidth } from './width.js';

/** A task's last value per metric and variant. */
export type LastValues = Record<string, Record<string, number>>;

export interface CompareRow {
  metric: string;
  variant: string;
  /** One per task, in the tasks' order; null when that task has no such series. */
  values: (number | null)[];
}

/** The union of every task's metric/variants, sorted, with each task's last value. */
export function compareRows(taskIds: readonly string[], last: Readonly<Record<string, LastValues>>): CompareRow[] {
  const keys = new Map<string, [string, string]>();
  for (const id of taskIds)
    for (const [metric, variants] of Object.entries(last[id] ?? {}))
      for (const variant of Object.keys(variants)) keys.set(`${metric}\u0000${variant}`, [metric, variant]);
  return [...keys.values()]
    .sort(([am, av], [bm, bv]) => am.localeCompare(bm) || av.localeCompare(bv))
    .map(([metric, variant]) => ({
      metric,
      variant,
      values: taskIds.map((id) => last[id]?.[metric]?.[variant] ?? null),
    }));
}

/**
 * A name cut to `width` columns keeping its start and end (runs often differ only at the end:
 * `resnet50-lr0.1` / `resnet50-lr0.01`).
 */
export function shortName(name: string, width: number, ellipsis = '…'): string {
  const clean = sanitize(name);
  if (displayWidth(clean) <= width) return clean;
  if (width <= displayWidth(ellipsis) + 1) return truncateToWidth(clean, width, { ellipsis });
  const room = width - displayWidth(ellipsis);
  const head = Math.ceil(room / 2);
  const chars = [...clean];
  let tail = '';
  for (let i = chars.length - 1; i >= 0 && displayWidth(tail) + displayWidth(chars[i] as string) <= room - head; i--)
    tail = (chars[i] as string) + tail;
  return `${truncateToWidth(clean, head, { ellipsis: '' })}${ellipsis}${tail}`;
}

/** Column widths of the compare table: the series name, then one per task (at least `minValue`). */
export function compareColumns(
  width: number,
  tasks: number,
  minValue = 8,
): { name: number; value: number; shown: number } {
  const name = Math.max(8, Math.min(30, Math.round(width * 0.3)));
  const room = Math.max(0, width - name);
  const value = tasks === 0 ? minValue : Math.max(minValue, Math.min(16, Math.floor(room / tasks) - 1));
  const shown = Math.min(tasks, Math.max(1, Math.floor(room / (value + 1))));
  return { name, value, shown };
}

/** The legend label of one task in the overlay chart: its name and last value. */
export function legendLabel(name: string, last: number | null, width = 10): string {
  return `${sanitize(name)} ${last === null ? '-' : formatNumber(last, width)}`;
}

/** The last finite y of a series, or null. */
export function lastFinite(y: ArrayLike<number>): number | null {
  for (let i = y.length - 1; i >= 0; i--) {
    const v = y[i] as number;
    if (Number.isFinite(v)) return v;
  }
  return null;
}

export interface OverlayInput {
  taskIds: readonly string[];
  names: Readonly<Record<string, string>>;
  /** The compared series (its values give the legend's last values). */
  row: CompareRow | undefined;
  /** That series per task id. */
  byTask: Readonly<Record<string, SampledSeries>> | undefined;
  /** Each task's first point (epoch ms) over all its series: x since start begins there. */
  starts?: Readonly<Record<string, number | null>>;
}

/** Each task's earliest x over every series of `series[metric][variant][taskId]`. */
export function taskStarts(
  series: Readonly<Record<string, Record<string, Record<string, { x: ArrayLike<number> }>>>>,
): Record<string, number | null> {
  const starts: Record<string, number | null> = {};
  for (const variants of Object.values(series))
    for (const byTask of Object.values(variants))
      for (const [id, s] of Object.entries(byTask)) {
        const first = earliestX([{ x: s.x, y: [] }]);
        const prev = starts[id] ?? null;
        starts[id] = first === null ? prev : prev === null ? first : Math.min(prev, first);
      }
  return starts;
}

/** The overlay's series as drawn: smoothed over the raw curve, x since each task's start, log y. */
export function overlayView(input: OverlayInput, opts: { weight: number; axis: XAxisMode; log: boolean }): ChartView {
  const { row, byTask } = input;
  if (row === undefined || byTask === undefined) return EMPTY_VIEW;
  const raw = input.taskIds.flatMap((id, i) => {
    const s = byTask[id];
    if (s === undefined) return [];
    const label = legendLabel(input.names[id] ?? id, row.values[i] ?? lastFinite(s.y));
    return [{ ...s, name: label, start: input.starts?.[id] ?? null }];
  });
  return chartView(raw, {
    smooth: opts.weight > 0 ? (y) => emaSmooth(y, opts.weight) : null,
    since: opts.axis === 'since',
    log: opts.log,
  });
}
